import { describe, expect, it } from 'vitest';
import { heldWorker } from '../../src/workers/lazyWorker';
import type { WorkerLike } from '../../src/workers/simClientTypes';

/** A fake worker that records what it was sent and which listeners it has. */
function fakeFactory() {
  const made: { posted: unknown[]; listeners: string[]; terminated: boolean }[] = [];
  const make = (): WorkerLike => {
    const w = { posted: [] as unknown[], listeners: [] as string[], terminated: false };
    made.push(w);
    return {
      postMessage: (m) => void w.posted.push(m),
      addEventListener: ((type: string) => void w.listeners.push(type)) as WorkerLike['addEventListener'],
      terminate: () => void (w.terminated = true),
    };
  };
  return { made, make };
}

const run = (id: number) => ({ type: 'run' as const, id, settings: {} as never });

describe('heldWorker', () => {
  it('makes no worker and sends nothing until released, then sends what waited, in order', () => {
    const { made, make } = fakeFactory();
    const w = heldWorker(make);
    w.addEventListener('message', () => {});
    w.postMessage(run(1));
    w.postMessage(run(2));
    expect(made).toHaveLength(0);
    w.release();
    expect(made).toHaveLength(1);
    expect(made[0].posted).toEqual([run(1), run(2)]);
    expect(made[0].listeners).toEqual(['message']);
    w.postMessage(run(3));
    expect(made[0].posted).toEqual([run(1), run(2), run(3)]);
    w.release();
    expect(made).toHaveLength(1);
  });

  it('drops what waited when terminated before the release, and never makes the worker', () => {
    const { made, make } = fakeFactory();
    const w = heldWorker(make);
    w.postMessage(run(1));
    w.terminate();
    w.release();
    expect(made).toHaveLength(0);
  });
});
