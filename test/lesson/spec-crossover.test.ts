// Scene 2's crossover chart: the page sweeps each speculative method in the
// lab's simulation worker; here the same sequence runs through the worker's
// runner in-process, and its crossovers are held against `lab predict`'s.
import { describe, expect, it } from 'vitest';
import { run as cli } from '../../src/cli/main';
import { DEFAULT_SWEEP_USERS } from '../../src/engine/sweep';
import { crossingOf, crossoverLines, crossoverQuery, SPEC_CROSSOVER, speedups, type CrossoverLine } from '../../src/lesson/scenes';
import { settingsFromQuery } from '../../src/settings/parse';
import { runCrossover, type CrossoverState } from '../../src/workers/crossoverRuns';
import type { RunRequest, WorkerReply } from '../../src/workers/protocol';
import { createRunner } from '../../src/workers/runner';
import type { WorkerLike } from '../../src/workers/simClientTypes';

/** The simulation worker without its thread: the same runner, its replies delivered as messages. */
function inProcessWorker(): WorkerLike & { sent: RunRequest[] } {
  const listeners: ((e: MessageEvent<WorkerReply>) => void)[] = [];
  const runner = createRunner(
    (reply) => queueMicrotask(() => listeners.forEach((l) => l({ data: reply } as MessageEvent<WorkerReply>))),
    () => new Promise((r) => setTimeout(r, 0)),
  );
  const sent: RunRequest[] = [];
  return {
    sent,
    postMessage: (m) => {
      sent.push(m);
      runner.receive(m);
    },
    addEventListener: ((type: string, l: (e: MessageEvent<WorkerReply>) => void) => {
      if (type === 'message') listeners.push(l);
    }) as WorkerLike['addEventListener'],
    terminate: () => {},
  };
}

function pageSweeps(): Promise<{ state: CrossoverState; sent: RunRequest[] }> {
  const worker = inProcessWorker();
  return new Promise((resolve, reject) => {
    runCrossover(SPEC_CROSSOVER, worker, (state) => {
      if (state.error) reject(new Error(state.error));
      else if (state.done === state.total) resolve({ state, sent: worker.sent });
    });
  });
}

/** TPOT p50 of `lab predict --json` at `users` with the method's flags (none: without it). */
function cliTpot(users: number, method: string | null): number {
  const flags = ['--server', 'hardware', '--model', 'llama-3.1-8b', '--gpu', 'h100-sxm', '--workload', 'chat', '--requests', '400', '--users', String(users)];
  if (method) flags.push('--spec-method', method);
  const out: string[] = [];
  const err: string[] = [];
  const status = cli(['predict', ...flags, '--json'], (s) => out.push(s), (s) => err.push(s));
  if (status !== 0) throw new Error(err.join('\n'));
  return JSON.parse(out.join('\n')).metrics.tpotMs.p50;
}

describe('the crossover of one line', () => {
  it('hand-worked: 2× at 1 user and 0.5× at 4 cross 1× halfway on log axes, at 2 users; the first loss is 4', () => {
    expect(crossingOf([{ users: 1, speedup: 2 }, { users: 4, speedup: 0.5 }, { users: 16, speedup: 0.25 }])).toEqual({ firstLossUsers: 4, crossingUsers: 2 });
  });

  it('hand-worked: 4× then 0.5× from 8 to 16 users: log 4 / log 8 = 2/3 of the way, 8 × 2^(2/3) ≈ 12.7 users', () => {
    const c = crossingOf([{ users: 8, speedup: 4 }, { users: 16, speedup: 0.5 }]);
    expect(c.firstLossUsers).toBe(16);
    expect(c.crossingUsers).toBeCloseTo(8 * 2 ** (2 / 3), 9);
  });

  it('a line that always gains never crosses; one that starts as a loss has its first loss at the first point and no crossing', () => {
    expect(crossingOf([{ users: 1, speedup: 1.2 }, { users: 2, speedup: 1 }])).toEqual({ firstLossUsers: null, crossingUsers: null });
    expect(crossingOf([{ users: 1, speedup: 0.9 }, { users: 2, speedup: 0.8 }])).toEqual({ firstLossUsers: 1, crossingUsers: null });
  });

  it('speedups leave out a load one sweep lacks or could not measure', () => {
    const p = (users: number, ms: number) => ({ users, metrics: { tpotMs: { p50: ms } } });
    expect(speedups([1, 2, 4], [p(1, 10), p(2, 10), p(4, 10)], [p(1, 5), p(4, NaN)])).toEqual([{ users: 1, speedup: 2 }]);
  });
});

describe("scene 2's crossover chart", () => {
  it('is data in the scene registry: the curve grid, one base run, every method', () => {
    expect(SPEC_CROSSOVER.users).toEqual(DEFAULT_SWEEP_USERS);
    expect(SPEC_CROSSOVER.methods.map((m) => m.id)).toEqual(['draft', 'eagle', 'eagle3', 'ngram']);
    for (const m of SPEC_CROSSOVER.methods) expect(settingsFromQuery(crossoverQuery(SPEC_CROSSOVER, m.id)).settings.specMethod).toBe(m.id);
    expect(settingsFromQuery(crossoverQuery(SPEC_CROSSOVER, null)).settings.specMethod).toBe('custom');
  });

  it("the page's sweeps, through the worker's runner, give the CLI's speedups and first losses for every method", async () => {
    const { state, sent } = await pageSweeps();
    expect(sent.map((r) => r.settings.specMethod)).toEqual(['custom', 'draft', 'eagle', 'eagle3', 'ngram']);
    const lines = crossoverLines(SPEC_CROSSOVER, state.off!, state.on);
    expect(lines).toHaveLength(4);
    const off = SPEC_CROSSOVER.users.map((u) => cliTpot(u, null));
    const byId = new Map<string, CrossoverLine>(lines.map((l) => [l.id, l]));
    for (const m of SPEC_CROSSOVER.methods) {
      const cells = SPEC_CROSSOVER.users.map((u, i) => off[i] / cliTpot(u, m.id));
      const line = byId.get(m.id)!;
      // The CLI's JSON rounds TPOT to 0.001 ms: within 0.1% of each other.
      expect(line.points.map((p) => p.users)).toEqual(SPEC_CROSSOVER.users);
      line.points.forEach((p, i) => expect(Math.abs(p.speedup / cells[i] - 1), `${m.id} at ${p.users} users`).toBeLessThan(1e-3));
      const cliLoss = SPEC_CROSSOVER.users.find((_, i) => cells[i] < 1) ?? null;
      expect(line.firstLossUsers, m.id).toBe(cliLoss);
    }
    // The known shape: each method's largest gain is at one user, and every method at its defaults turns into a loss by 256 users.
    for (const l of lines) {
      expect(Math.max(...l.points.map((p) => p.speedup))).toBe(l.points[0].speedup);
      expect(l.points[0].speedup).toBeGreaterThan(1.5);
      expect(l.firstLossUsers).not.toBeNull();
    }
  }, 60_000);
});
