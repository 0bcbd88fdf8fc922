import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';
import { planJson } from '../../src/cli/planJson';
import type { PlanWorkerMessage, PlanWorkerAnswer } from '../../src/plan/pool';
import { planShapes } from '../../src/plan/search';
import { RANGE_CHECKED_ROWS } from '../../src/plan/rangeCheck';
import type { PlanRequest } from '../../src/plan/types';
import { planWorkerHandler } from '../../src/plan/workerHandler';
import { pageWorkerCount, planOnPage, type PlanWebWorker } from '../../src/views/plan/pagePlanner';

/**
 * A Web Worker stand-in that runs the planner worker's own handler (what
 * workers/plan.worker.ts runs) a task later, as a real worker answers
 * asynchronously; it records what it was sent and whether it was ended.
 */
class InThreadWorker implements PlanWebWorker {
  static made: InThreadWorker[] = [];
  readonly sent: PlanWorkerMessage[] = [];
  terminated = false;
  private readonly handle = planWorkerHandler();
  private readonly listeners: ((e: MessageEvent<PlanWorkerAnswer>) => void)[] = [];
  constructor(private readonly failOn: number | null = null) {
    InThreadWorker.made.push(this);
  }
  postMessage(m: PlanWorkerMessage) {
    if (this.terminated) throw new Error('posted to a terminated worker');
    this.sent.push(m);
    setTimeout(() => {
      if (this.terminated) return;
      if (m.kind === 'shape' && m.index === this.failOn) {
        for (const l of this.errorListeners) l({ message: 'boom' } as ErrorEvent);
        return;
      }
      const reply = this.handle(m);
      if (reply) for (const l of this.listeners) l({ data: reply } as MessageEvent<PlanWorkerAnswer>);
    }, 0);
  }
  private readonly errorListeners: ((e: ErrorEvent) => void)[] = [];
  addEventListener(type: 'message' | 'error', l: ((e: MessageEvent<PlanWorkerAnswer>) => void) | ((e: ErrorEvent) => void)) {
    if (type === 'message') this.listeners.push(l as (e: MessageEvent<PlanWorkerAnswer>) => void);
    else this.errorListeners.push(l as (e: ErrorEvent) => void);
  }
  terminate() {
    this.terminated = true;
  }
}

const SMALL: PlanRequest = {
  models: ['llama-3.1-8b'], promptTokens: 1000, outputTokens: 200, spread: 0.2, ratePerSec: 6, ttftSloMs: 600, tpotSloMs: 60, inTimeShare: 0.95,
  gpus: ['l40s', 'a100-80gb-sxm'], precisions: ['bf16'], engines: ['vllm'], maxGpus: 2, pricePerGpuHour: {}, requests: 150, seed: 42,
};
const CLI_ARGS = ['--model', 'llama-3.1-8b', '--prompt', '1000', '--output', '200', '--rate', '6', '--ttft-slo', '600', '--tpot-slo', '60', '--gpus', 'l40s,a100-80gb-sxm', '--precisions', 'bf16', '--engines', 'vllm', '--max-gpus', '2', '--requests', '150', '--spread', '0.2', '--seed', '42', '--json'];

describe("the page's planner", () => {
  it('gives the answer `lab plan` gives for the same inputs', async () => {
    InThreadWorker.made = [];
    const page = await planOnPage(SMALL, { workers: 2, create: () => new InThreadWorker() });
    const out: string[] = [];
    expect(run(['plan', ...CLI_ARGS], (s) => out.push(s), (s) => { throw new Error(s); })).toBe(0);
    const cli = JSON.parse(out.join(''));
    const mine = planJson(SMALL, page, 0);
    expect(page.configs.length).toBeGreaterThan(0);
    expect({ ...mine, elapsedS: 0 }).toEqual({ ...cli, elapsedS: 0 });
    // Two workers did the work, and both were ended once the plan was done.
    expect(InThreadWorker.made).toHaveLength(2);
    expect(InThreadWorker.made.every((w) => w.terminated && w.sent.some((m) => m.kind === 'shape'))).toBe(true);
    // The cheapest rows' ranges were checked in the workers, one job per row, after every shape.
    const rangeJobs = InThreadWorker.made.flatMap((w) => w.sent.filter((m) => m.kind === 'range'));
    expect(rangeJobs).toHaveLength(Math.min(RANGE_CHECKED_ROWS, page.configs.length));
    expect(page.configs.slice(0, rangeJobs.length).every((c) => c.ranges !== null)).toBe(true);
  });

  it('cancel once every shape is in, as the range checks start: the plan is kept, marked stopped, no row checked', async () => {
    InThreadWorker.made = [];
    const stop = new AbortController();
    const result = await planOnPage(SMALL, {
      workers: 2,
      create: () => new InThreadWorker(),
      signal: stop.signal,
      onProgress: (p) => {
        if (p.ranges) stop.abort();
      },
    });
    expect(result.cancelled).toBe(true);
    expect(result.configs.length).toBeGreaterThan(0);
    expect(result.configs.every((c) => c.ranges === null)).toBe(true);
    expect(result.rangeRuns).toBe(0);
    expect(InThreadWorker.made.every((w) => w.terminated && !w.sent.some((m) => m.kind === 'range'))).toBe(true);
  });

  it('cancel terminates every worker, and no shape is handed out after it', async () => {
    InThreadWorker.made = [];
    const stop = new AbortController();
    let sentAtCancel = 0;
    const result = await planOnPage({ ...SMALL, engines: ['vllm', 'trtllm'] }, {
      workers: 3,
      create: () => new InThreadWorker(),
      signal: stop.signal,
      onProgress: (p) => {
        if (p.done >= 1 && !stop.signal.aborted) {
          sentAtCancel = InThreadWorker.made.reduce((n, w) => n + w.sent.length, 0);
          stop.abort();
        }
      },
    });
    expect(result.cancelled).toBe(true);
    expect(InThreadWorker.made).toHaveLength(3);
    expect(InThreadWorker.made.map((w) => w.terminated)).toEqual([true, true, true]);
    expect(InThreadWorker.made.reduce((n, w) => n + w.sent.length, 0)).toBe(sentAtCancel);
    expect(sentAtCancel).toBeLessThan(planShapes({ ...SMALL, engines: ['vllm', 'trtllm'] }).length + 3);
  });

  it('a worker that fails ends every worker and the plan says why', async () => {
    InThreadWorker.made = [];
    const made = planOnPage(SMALL, { workers: 2, create: () => new InThreadWorker(InThreadWorker.made.length === 0 ? 0 : null) });
    await expect(made).rejects.toThrow('boom');
    expect(InThreadWorker.made.every((w) => w.terminated)).toBe(true);
  });

  it('starts one worker per core, at most 4, and 2 when the browser does not say', () => {
    expect([1, 2, 3, 4, 8, 64].map(pageWorkerCount)).toEqual([1, 2, 3, 4, 4, 4]);
    expect([undefined, 0, NaN].map((n) => pageWorkerCount(n))).toEqual([2, 2, 2]);
  });
});
