// The pinned baseline's results: a second simulation client kept in step
// with the store's `pinned`, adopting the main run's result when it pins the
// settings just run, simulating in its own worker otherwise.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../src/settings/schema';
import { createLabStore } from '../../src/store';
import { lazyWorker } from '../../src/workers/lazyWorker';
import { syncPinnedRuns } from '../../src/workers/pinnedRuns';
import type { RunRequest, WorkerReply } from '../../src/workers/protocol';
import { createRunner } from '../../src/workers/runner';
import { createSimClient } from '../../src/workers/simClient';
import type { WorkerLike } from '../../src/workers/simClientTypes';
import { fakeWindow } from './fakeWindow';

const settings = (patch: Partial<Settings> = {}): Settings => ({ ...DEFAULT_SETTINGS, requests: 60, ...patch });

function fakeWorker() {
  const posted: RunRequest[] = [];
  let listener: ((e: MessageEvent<WorkerReply>) => void) | null = null;
  let terminated = false;
  const worker: WorkerLike = {
    postMessage: (m) => posted.push(m),
    addEventListener: ((type: string, l: (e: MessageEvent<WorkerReply>) => void) => {
      if (type === 'message') listener = l;
    }) as WorkerLike['addEventListener'],
    terminate: () => {
      terminated = true;
    },
  };
  return { worker, posted, deliver: (reply: WorkerReply) => listener?.({ data: reply } as MessageEvent<WorkerReply>), isTerminated: () => terminated };
}

/** Every reply the real runner gives for one request (main, sweep points, done). */
async function repliesFor(s: Settings, id: number): Promise<WorkerReply[]> {
  const replies: WorkerReply[] = [];
  createRunner((x) => replies.push(x), () => Promise.resolve()).receive({ type: 'run', id, settings: s });
  // Counted turns of the event loop, a guard against a hang only: the runner yields by microtasks, so one turn is enough.
  for (let i = 0; i < 10_000 && replies.at(-1)?.type !== 'sweep-done' && replies.at(-1)?.type !== 'error'; i++) await new Promise((r) => setTimeout(r, 0));
  return replies;
}

/** A lab store with a main client and a pinned client, each on fake workers (the pinned one made on demand). */
function rig(search = '') {
  const lab = createLabStore(fakeWindow(search));
  const mainW = fakeWorker();
  const main = createSimClient(mainW.worker);
  const made: ReturnType<typeof fakeWorker>[] = [];
  const make = () => {
    const w = fakeWorker();
    made.push(w);
    return w.worker;
  };
  const pinned = createSimClient(lazyWorker(make), { createWorker: make, markFirstResult: false });
  main.request(lab.getState().settings);
  syncPinnedRuns(lab, main, pinned);
  lab.subscribe((s) => s.settings, (s) => main.request(s));
  const deliverMain = async () => {
    const last = mainW.posted.at(-1)!;
    for (const r of await repliesFor(last.settings, last.id)) mainW.deliver(r);
  };
  return { lab, main, mainW, pinned, made, deliverMain };
}

describe('the pinned baseline\'s runs', () => {
  it('no worker is made while nothing is pinned', () => {
    const { made, pinned } = rig('?users=2');
    expect(made).toHaveLength(0);
    expect(pinned.store.getState().main).toBeNull();
  });

  it('pinning the run just shown adopts its result and sweep: nothing is simulated again', async () => {
    const { lab, main, pinned, made, deliverMain } = rig('?users=2');
    await deliverMain();
    expect(main.store.getState().sweep?.done).toBe(true);
    lab.getState().pinCurrent();
    const p = pinned.store.getState();
    expect(made).toHaveLength(0);
    expect(p.main?.result).toBe(main.store.getState().main?.result);
    expect(p.main?.settings).toBe(lab.getState().pinned);
    expect(p.sweep?.done).toBe(true);
    expect(p.sweep?.points).toHaveLength(9);
  });

  it('pinAndApply keeps the result it pinned while the main client runs the patched settings', async () => {
    const { lab, main, mainW, pinned, deliverMain } = rig('?workload=report');
    await deliverMain();
    const before = main.store.getState().main!.result;
    lab.getState().pinAndApply({ specTokens: 4 });
    expect(pinned.store.getState().main?.result).toBe(before);
    expect(mainW.posted.at(-1)!.settings.specTokens).toBe(4);
    await deliverMain();
    expect(main.store.getState().main?.result.scenario.levers?.speculative?.tokens).toBe(4);
    expect(pinned.store.getState().main?.result).toBe(before);
  });

  it('a pin from the link runs in the pinned worker; its replies fill the pinned state', async () => {
    const { lab, pinned, made } = rig(`?users=2&pin=${encodeURIComponent('users=6&requests=60')}`);
    expect(made).toHaveLength(1);
    const req = made[0].posted[0];
    expect(req.settings).toBe(lab.getState().pinned);
    for (const r of await repliesFor(req.settings, req.id)) made[0].deliver(r);
    const p = pinned.store.getState();
    expect(p.main?.settings).toBe(lab.getState().pinned);
    expect(p.main?.result.scenario.load).toMatchObject({ kind: 'closed', users: 6 });
    expect(p.sweep?.done).toBe(true);
  });

  it('pinning while the main sweep is still being built shows the result now and builds its sweep in the pinned worker', async () => {
    const { lab, main, mainW, pinned, made } = rig('?users=3');
    const req = mainW.posted[0];
    const [first] = await repliesFor(req.settings, req.id);
    mainW.deliver(first);
    expect(main.store.getState().sweep).toBeNull();
    lab.getState().pinCurrent();
    expect(pinned.store.getState().main?.result).toBe(main.store.getState().main?.result);
    expect(made).toHaveLength(1);
    const again = made[0].posted[0];
    for (const r of await repliesFor(again.settings, again.id)) made[0].deliver(r);
    expect(pinned.store.getState().sweep?.done).toBe(true);
  });

  it('unpin clears the results, stops a busy worker and drops its late replies', async () => {
    const { lab, pinned, made } = rig(`?pin=${encodeURIComponent('users=6&requests=60')}`);
    const req = made[0].posted[0];
    const replies = await repliesFor(req.settings, req.id);
    made[0].deliver(replies[0]);
    lab.getState().unpin();
    expect(made[0].isTerminated()).toBe(true);
    for (const r of replies) made[0].deliver(r);
    const p = pinned.store.getState();
    expect(p.main).toBeNull();
    expect(p.sweep).toBeNull();
    expect(p.lastFullSweep).toBeNull();
  });

  it('a baseline that cannot run is an error of the pinned client only', () => {
    const { lab, main, pinned } = rig(`?pin=${encodeURIComponent('server=hardware&model=llama-3.1-405b&gpu=l4&tp=1')}`);
    expect(lab.getState().pinned?.model).toBe('llama-3.1-405b');
    expect(pinned.store.getState().error?.message).toBeTruthy();
    expect(main.store.getState().error).toBeNull();
  });
});

describe('simulation client: clear and adopt', () => {
  it('clear drops replies still to come; adopt shows a result with its sweep as the newest', async () => {
    const w = fakeWorker();
    const client = createSimClient(w.worker);
    const s = settings({ users: 4 });
    client.request(s);
    const replies = await repliesFor(s, 1);
    client.clear();
    for (const r of replies) w.deliver(r);
    expect(client.store.getState().main).toBeNull();
    const w2 = fakeWorker();
    const third = createSimClient(w2.worker);
    third.request(s);
    for (const r of await repliesFor(s, 1)) w2.deliver(r);
    const { main, sweep } = third.store.getState();
    const id = client.adopt(s, main!.result, sweep);
    const st = client.store.getState();
    expect(st.requestedId).toBe(id);
    expect(st.main).toMatchObject({ id, settings: s });
    expect(st.sweep).toMatchObject({ id, done: true });
    expect(st.lastFullSweep).toBe(st.sweep);
  });
});
