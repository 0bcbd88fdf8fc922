import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/settings/schema';
import { createRunner } from '../../src/workers/runner';
import type { WorkerReply } from '../../src/workers/protocol';
import { nextEdgeState } from '../../src/workers/edgeState';

async function runAll(settings: typeof DEFAULT_SETTINGS): Promise<WorkerReply[]> {
  const replies: WorkerReply[] = [];
  let done: () => void = () => {};
  const finished = new Promise<void>((r) => (done = r));
  const runner = createRunner((r) => replies.push(r), () => Promise.resolve());
  runner.receive({ type: 'run', id: 1, settings, axis: { kind: 'users', values: [1, 8] } });
  // The runner posts synchronously between its awaits; wait until the queue is drained.
  const poll = () => (replies.some((r) => r.type === 'error') || replies.filter((r) => r.type === 'sweep-band').length === 2 || (replies.some((r) => r.type === 'sweep-done') && settings.server === 'lesson') ? done() : setTimeout(poll, 5));
  poll();
  await finished;
  return replies;
}

describe('edge runs in the worker', () => {
  it('come after the main run: its ranges, then the curve, then the sensitivity, then the bands', async () => {
    const replies = await runAll({ ...DEFAULT_SETTINGS, server: 'hardware', users: 8, requests: 60 });
    expect(replies.map((r) => r.type)).toEqual(['main', 'ranges', 'sweep-point', 'sweep-point', 'sweep-done', 'sensitivity', 'sweep-band', 'sweep-band']);
    const main = replies[0] as Extract<WorkerReply, { type: 'main' }>;
    const ranges = replies[1] as Extract<WorkerReply, { type: 'ranges' }>;
    expect(ranges.ranges.ttftMs.p50[0]).toBeLessThanOrEqual(main.result.metrics.ttftMs.p50);
    expect(ranges.ranges.ttftMs.p50[1]).toBeGreaterThanOrEqual(main.result.metrics.ttftMs.p50);
    // The page keeps them for the run it shows, and drops them for any other.
    let edges = nextEdgeState(1, null, ranges)!;
    for (const r of replies.slice(2)) if (r.type === 'sensitivity' || r.type === 'sweep-band') edges = nextEdgeState(1, edges, r)!;
    expect(edges.bands.length).toBe(2);
    expect(edges.sensitivity?.length).toBe(4); // KV capacity, step cost, prefill cost, front end;
    expect(nextEdgeState(2, edges, ranges)).toBeUndefined();
  });

  it('the lesson server gets none', async () => {
    const replies = await runAll({ ...DEFAULT_SETTINGS, users: 8, requests: 60 });
    expect(replies.map((r) => r.type)).toEqual(['main', 'sweep-point', 'sweep-point', 'sweep-done']);
  });
});
