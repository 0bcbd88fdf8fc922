import { describe, expect, it } from 'vitest';
import { WorkerChannel, type WorkerLike } from '../../src/views/common/workerJob';

// The replay's and the trace section's shared worker job: one worker made on first use, replies
// heard by id, a failing or missing worker answered with the reason.

type Req = { id: number; n: number };
type Rep = { id: number; ok: boolean; value?: number; message?: string };

class FakeWorker implements WorkerLike {
  static made = 0;
  sent: Req[] = [];
  private onMessage: ((e: MessageEvent) => void)[] = [];
  private onError: ((e: ErrorEvent) => void)[] = [];
  constructor() {
    FakeWorker.made++;
  }
  postMessage(m: unknown) {
    this.sent.push(m as Req);
  }
  addEventListener(type: 'message' | 'error', l: ((e: MessageEvent) => void) | ((e: ErrorEvent) => void)) {
    if (type === 'message') this.onMessage.push(l as (e: MessageEvent) => void);
    else this.onError.push(l as (e: ErrorEvent) => void);
  }
  answer(r: Rep) {
    for (const l of this.onMessage) l({ data: r } as MessageEvent);
  }
  fail(message: string) {
    for (const l of this.onError) l({ message } as ErrorEvent);
  }
}

const failed = (id: number, message: string): Rep => ({ id, ok: false, message });

describe('a worker channel', () => {
  it('makes its worker on the first request only, and every listener hears each reply with its id', () => {
    FakeWorker.made = 0;
    let w: FakeWorker | null = null;
    const ch = new WorkerChannel<Req, Rep>(() => (w = new FakeWorker()), failed, 'replay');
    expect(FakeWorker.made).toBe(0);
    const heard: Rep[] = [];
    const stop = ch.listen((r) => heard.push(r));
    const a = ch.nextId();
    ch.send({ id: a, n: 1 });
    const b = ch.nextId();
    ch.send({ id: b, n: 2 });
    expect(FakeWorker.made).toBe(1);
    expect(b).toBeGreaterThan(a);
    expect(w!.sent.map((m) => m.n)).toEqual([1, 2]);
    w!.answer({ id: a, ok: true, value: 10 });
    stop();
    w!.answer({ id: b, ok: true, value: 20 });
    expect(heard).toEqual([{ id: a, ok: true, value: 10 }]);
  });

  it('a worker that fails answers the newest request with the reason', () => {
    let w: FakeWorker | null = null;
    const ch = new WorkerChannel<Req, Rep>(() => (w = new FakeWorker()), failed, 'replay');
    const heard: Rep[] = [];
    ch.listen((r) => heard.push(r));
    ch.send({ id: ch.nextId(), n: 1 });
    const last = ch.nextId();
    ch.send({ id: last, n: 2 });
    w!.fail('');
    expect(heard).toEqual([{ id: last, ok: false, message: 'the replay worker failed (the script did not load); reload the page to try again' }]);
  });

  it('where no worker can be made (none in this browser, or it throws), each request is answered at once with why', () => {
    for (const make of [() => null, () => { throw new Error('blocked'); }]) {
      const ch = new WorkerChannel<Req, Rep>(make, failed, 'trace');
      const heard: Rep[] = [];
      ch.listen((r) => heard.push(r));
      const id = ch.nextId();
      ch.send({ id, n: 1 });
      expect(heard).toEqual([{ id, ok: false, message: 'this browser cannot start a worker, and a trace is too long to run on the page' }]);
    }
  });
});
