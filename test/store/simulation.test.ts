// The simulation side of the store: the worker's scheduling (runner) and the
// page's client that keeps the newest replies. Both run here without a Worker.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../src/settings/schema';
import { createRunner } from '../../src/workers/runner';
import { createSimClient } from '../../src/workers/simClient';
import type { WorkerLike } from '../../src/workers/simClientTypes';
import type { RunRequest, WorkerReply } from '../../src/workers/protocol';

/**
 * A clock that moves 1 ms each time it is read: the page's own runs "take" 1 ms,
 * so which runs go to the page and which to the worker is decided the same way
 * on a quiet machine and a busy one.
 */
function steppingClock(stepMs = 1): () => number {
  let t = 0;
  return () => (t += stepMs);
}

const settings = (patch: Partial<Settings> = {}): Settings => ({ ...DEFAULT_SETTINGS, requests: 60, ...patch });

/** A runner whose yields are resolved by hand, so a test decides when queued messages get in. */
function manualRunner() {
  const replies: WorkerReply[] = [];
  const waiting: (() => void)[] = [];
  const runner = createRunner((r) => replies.push(r), () => new Promise<void>((resolve) => waiting.push(resolve)));
  const step = async () => {
    waiting.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
  };
  const drain = async () => {
    for (let i = 0; i < 100 && waiting.length > 0; i++) await step();
  };
  return { runner, replies, step, drain, waiting };
}

describe('worker runner', () => {
  it('posts the main run first, then nine sweep points, then done', async () => {
    const { runner, replies, drain } = manualRunner();
    runner.receive({ type: 'run', id: 1, settings: settings() });
    expect(replies.map((r) => r.type)).toEqual(['main']);
    await drain();
    expect(replies.map((r) => r.type)).toEqual(['main', ...Array(9).fill('sweep-point'), 'sweep-done']);
    const points = replies.filter((r) => r.type === 'sweep-point');
    expect(points.map((p) => (p.type === 'sweep-point' ? p.point.users : null))).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256]);
    const main = replies[0];
    expect(main.type === 'main' && typeof main.result.scenario.server).toBe('object');
    expect(JSON.stringify(main)).not.toContain('iterationSeconds');
    expect(() => structuredClone(main)).not.toThrow();
  });

  it('a newer request preempts the rest of a stale sweep', async () => {
    const { runner, replies, step, drain } = manualRunner();
    runner.receive({ type: 'run', id: 1, settings: settings() });
    await step();
    await step();
    runner.receive({ type: 'run', id: 2, settings: settings({ workload: 'report', prompt: 800, output: 1500 }) });
    runner.receive({ type: 'run', id: 3, settings: settings({ workload: 'autocomplete', prompt: 400, output: 12 }) });
    await drain();
    const ids = (type: WorkerReply['type']) => replies.filter((r) => r.type === type).map((r) => r.id);
    expect(ids('main')).toEqual([1, 3]);
    expect(ids('sweep-done')).toEqual([3]);
    expect(ids('sweep-point').filter((id) => id === 1).length).toBeLessThan(9);
  });

  it('reuses cached sweep points when only the users change', async () => {
    const { runner, replies, drain, waiting } = manualRunner();
    runner.receive({ type: 'run', id: 1, settings: settings() });
    await drain();
    runner.receive({ type: 'run', id: 2, settings: settings({ users: 16 }) });
    expect(waiting).toHaveLength(0);
    expect(replies.filter((r) => r.id === 2).map((r) => r.type)).toEqual(['main', ...Array(9).fill('sweep-point'), 'sweep-done']);
  });

  it('sweeps nine rates around the current rate in open loop', async () => {
    const { runner, replies, drain } = manualRunner();
    runner.receive({ type: 'run', id: 1, settings: settings({ rate: 2 }) });
    await drain();
    const rates = replies.flatMap((r) => (r.type === 'sweep-point' ? [r.point.ratePerSec] : []));
    expect(rates).toEqual([0.125, 0.25, 0.5, 1, 2, 4, 8, 16, 32]);
  });

  it('settings that cannot run become an error reply naming the parameter', () => {
    const { runner, replies } = manualRunner();
    runner.receive({ type: 'run', id: 1, settings: settings({ server: 'hardware', model: 'llama-3.1-405b', gpu: 'l4', tp: 1 }) });
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ type: 'error', id: 1 });
  });
});

/** A fake worker: records posted requests; the test delivers replies in any order. */
function fakeWorker() {
  const posted: RunRequest[] = [];
  let listener: ((e: MessageEvent<WorkerReply>) => void) | null = null;
  const worker: WorkerLike = {
    postMessage: (m) => posted.push(m),
    addEventListener: ((type: string, l: (e: MessageEvent<WorkerReply>) => void) => {
      if (type === 'message') listener = l;
    }) as WorkerLike['addEventListener'],
    terminate: () => {
      terminated = true;
    },
  };
  let terminated = false;
  const deliver = (reply: WorkerReply) => listener?.({ data: reply } as MessageEvent<WorkerReply>);
  return { worker, posted, deliver, isTerminated: () => terminated };
}

/** Several fake workers, the first given to the client and the rest made by its factory. */
function fakeWorkers() {
  const made = [fakeWorker()];
  const createWorker = () => {
    const w = fakeWorker();
    made.push(w);
    return w.worker;
  };
  return { made, first: made[0].worker, createWorker };
}

/** The deep link that froze the page for 4.4 s (issue 9): ~20,000 × 235 prefill chunks. */
const HUGE = { rate: Infinity, requests: 20_000, chunkedPrefill: true, prompt: 100_000, output: 1000, workload: 'custom' } as const;

describe('simulation client', () => {
  const runOnce = (s: Settings, id: number) => {
    const replies: WorkerReply[] = [];
    const r = createRunner((x) => replies.push({ ...x, id }), () => Promise.resolve());
    r.receive({ type: 'run', id, settings: s });
    return replies;
  };

  it('drops a main run older than the one shown, and sweep points of other runs', () => {
    const { worker, posted, deliver } = fakeWorker();
    const client = createSimClient(worker);
    client.request(settings());
    client.request(settings({ users: 16 }));
    expect(posted.map((p) => p.id)).toEqual([1, 2]);
    const [main2] = runOnce(settings({ users: 16 }), 2);
    const [main1] = runOnce(settings(), 1);
    deliver(main2);
    deliver(main1);
    expect(client.store.getState().main?.id).toBe(2);
    const point = { type: 'sweep-point', id: 1, index: 0, total: 9, axis: 'users', point: {} } as unknown as WorkerReply;
    deliver(point);
    expect(client.store.getState().sweep).toBeNull();
  });

  it('runs a cheap main run on the page at once, and still takes the sweep from the worker', async () => {
    const { worker, posted, deliver } = fakeWorker();
    const client = createSimClient(worker, { now: steppingClock(), inlineBudgetMs: 1000 });
    client.request(settings({ users: 4 }));
    const shown = client.store.getState().main;
    expect(shown?.id).toBe(1);
    expect(shown?.result.metrics.completed).toBe(60);
    expect(posted.map((p) => p.id)).toEqual([1]);
    // The worker is told the page shows it, with the curve's axis from the page's result: it
    // neither simulates the run again nor sends a second copy of it, and only sweeps.
    expect(posted[0].shown).toBe(true);
    expect(posted[0].axis).toEqual({ kind: 'users', values: [1, 2, 4, 8, 16, 32, 64, 128, 256] });
    const replies: WorkerReply[] = [];
    createRunner((x) => replies.push(x), () => Promise.resolve()).receive(posted[0]);
    for (let i = 0; i < 50 && replies.length < 1; i++) await new Promise((r) => setTimeout(r, 5));
    expect(replies.map((r) => r.type)).not.toContain('main');
    expect(replies.map((r) => r.type)).not.toContain('main-cost');
    // Without the axis (an older page) the worker runs it for the axis and replies with its cost only.
    const costOnly: WorkerReply[] = [];
    createRunner((x) => costOnly.push(x), () => Promise.resolve()).receive({ type: 'run', id: 1, settings: settings({ users: 4 }), shown: true });
    expect(costOnly[0].type).toBe('main-cost');
    deliver(costOnly[0]);
    expect(client.store.getState().main).toBe(shown);
    // Same run, same seed: the worker's copy, had it been sent, is the page's, and is not applied twice.
    const workerMain = runOnce(settings({ users: 4 }), 1)[0];
    deliver(workerMain);
    expect(client.store.getState().main).toBe(shown);
    expect(JSON.stringify(workerMain.type === 'main' && workerMain.result.metrics)).toBe(JSON.stringify(shown?.result.metrics));
    expect(replies[0].type).toBe('sweep-point');
    deliver(replies[0]);
    expect(client.store.getState().sweep?.points.length).toBe(1);
  });

  it('sends main runs to the worker when their predicted cost is over the budget, the first one too', () => {
    const { worker, posted } = fakeWorker();
    const client = createSimClient(worker, { now: steppingClock(), inlineBudgetMs: 1e-9 });
    client.request(settings());
    expect(client.store.getState().main).toBeNull();
    expect(posted.map((p) => p.id)).toEqual([1]);
  });

  it('a warm-up run on the page replaces a cold cost estimate, so the next cheap run is shown at once', () => {
    const { worker, posted, deliver } = fakeWorker();
    const client = createSimClient(worker, { now: steppingClock(), inlineBudgetMs: 50 });
    // 10,000 requests (30,000 events): over the budget by the prior estimate, so it goes to the
    // worker, whose cold engine takes 12 s for it; the cheap runs after it are predicted over the budget too.
    client.request(settings({ requests: 10_000 }));
    expect(client.store.getState().main).toBeNull();
    deliver({ type: 'main-cost', id: 1, computeMs: 12_000 });
    expect(client.predictedMs(settings({ users: 8 }))).toBeGreaterThan(50);
    client.request(settings({ users: 8 }));
    expect(client.store.getState().main, 'predicted over the budget: left to the worker').toBeNull();
    expect(posted.at(-1)?.shown).toBeUndefined();
    const ms = client.warmUp(settings({ users: 8 }));
    expect(ms).not.toBeNull();
    expect(client.store.getState().main, 'a warm-up shows nothing').toBeNull();
    expect(client.predictedMs(settings({ users: 8 }))).toBeLessThan(50);
    client.request(settings({ users: 16 }));
    expect(client.store.getState().main?.id, 'warm: on the page again').toBe(3);
    expect(posted.at(-1)).toMatchObject({ id: 3, shown: true });
  });

  it('skips a warm-up for settings that cannot run, that cost too much, or when nothing runs on the page', () => {
    const { worker } = fakeWorker();
    const cannotRun = settings({ server: 'hardware', model: 'llama-3.1-405b', gpu: 'l4', tp: 1 });
    expect(createSimClient(worker, { now: steppingClock(), inlineBudgetMs: 8 }).warmUp(cannotRun)).toBeNull();
    expect(createSimClient(worker, { now: steppingClock(), inlineBudgetMs: 8 }).warmUp(settings(HUGE))).toBeNull();
    expect(createSimClient(worker, { now: steppingClock(), inlineBudgetMs: 0 }).warmUp(settings())).toBeNull();
    expect(createSimClient(worker, { now: steppingClock(), inlineBudgetMs: 8 }).predictedMs(cannotRun)).toBe(Infinity);
  });

  it('never runs a huge scenario on the page, even as the first run (no cost measured yet), and says it is slow', () => {
    const { worker, posted } = fakeWorker();
    const client = createSimClient(worker, { now: steppingClock(), inlineBudgetMs: 8 });
    client.request(settings(HUGE));
    const s = client.store.getState();
    expect(s.main).toBeNull();
    expect(posted.map((p) => p.id)).toEqual([1]);
    expect(s.slow?.id).toBe(1);
    expect(s.slow?.predictedMs).toBeGreaterThan(1000);
  });

  it('a newer setting replaces a worker busy with a long run, so it need not wait for it', () => {
    const { made, first, createWorker } = fakeWorkers();
    const client = createSimClient(first, { now: steppingClock(), inlineBudgetMs: 8, createWorker });
    client.request(settings(HUGE));
    client.request(settings({ users: 3 }));
    expect(made[0].isTerminated()).toBe(true);
    expect(made).toHaveLength(2);
    expect(made[1].posted.map((p) => p.id)).toEqual([2]);
    expect(client.store.getState().slow).toBeNull();
    // A late reply of the replaced worker is ignored.
    made[0].deliver(runOnce(settings({ users: 3 }), 1)[0]);
    expect(client.store.getState().main?.id).not.toBe(1);
  });

  it('cancel stops a long run: the worker is replaced and the page says why the results are stale', () => {
    const { made, first, createWorker } = fakeWorkers();
    const client = createSimClient(first, { now: steppingClock(), inlineBudgetMs: 8, createWorker });
    client.request(settings(HUGE));
    expect(client.cancel()).toBe(true);
    expect(made[0].isTerminated()).toBe(true);
    const s = client.store.getState();
    expect(s.slow).toBeNull();
    expect(s.error).toMatchObject({ id: 1, param: 'simulation', message: expect.stringMatching(/^stopped before it finished \(this scenario takes about \d+ s to simulate here\)/) });
    // Nothing left to stop once the newest run is shown.
    client.request(settings({ users: 2 }));
    made[1].deliver(runOnce(settings({ users: 2 }), 2)[0]);
    expect(client.cancel()).toBe(false);
  });

  it('shows newer main runs as they come, even before the newest arrives (a drag stays live)', () => {
    const { worker, deliver } = fakeWorker();
    const client = createSimClient(worker);
    for (let u = 1; u <= 3; u++) client.request(settings({ users: u }));
    deliver(runOnce(settings({ users: 2 }), 2)[0]);
    expect(client.store.getState().main?.id).toBe(2);
    expect(client.store.getState().requestedId).toBe(3);
  });

  it('keeps the last full sweep while a new one is built', () => {
    const { worker, deliver } = fakeWorker();
    const client = createSimClient(worker);
    client.request(settings());
    const replies: WorkerReply[] = [];
    const r = createRunner((x) => replies.push(x), () => Promise.resolve());
    r.receive({ type: 'run', id: 1, settings: settings() });
    return new Promise<void>((done) => {
      setTimeout(() => {
        for (const x of replies) deliver(x);
        const full = client.store.getState().lastFullSweep;
        expect(full?.done).toBe(true);
        expect(full?.points).toHaveLength(9);
        client.request(settings({ workload: 'report', prompt: 800, output: 1500 }));
        deliver(runOnce(settings({ workload: 'report', prompt: 800, output: 1500 }), 2)[0]);
        expect(client.store.getState().sweep).toBeNull();
        expect(client.store.getState().lastFullSweep).toBe(full);
        done();
      }, 50);
    });
  });

  it('invalid settings become an error at once, and a later valid run clears it', () => {
    const { worker, posted, deliver } = fakeWorker();
    const client = createSimClient(worker);
    client.request(settings({ server: 'hardware', model: 'llama-3.1-405b', gpu: 'l4', tp: 1 }));
    expect(posted).toHaveLength(0);
    expect(client.store.getState().error).toMatchObject({ id: 1 });
    client.request(settings());
    deliver(runOnce(settings(), 2)[0]);
    expect(client.store.getState().error).toBeNull();
    expect(client.store.getState().main?.id).toBe(2);
  });
});
