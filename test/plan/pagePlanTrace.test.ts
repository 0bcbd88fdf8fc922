import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';
import { planJson } from '../../src/cli/planJson';
import { BUILT_IN_TRACES, type BuiltInTraceId } from '../../src/import/traceCatalog';
import { tracedWorkerHandler, type PagePlanAnswer, type PagePlanMessage } from '../../src/plan/tracedHandler';
import type { PlanRequest } from '../../src/plan/types';
import { planOnPage, tracedRequest, TraceRefused, type PlanWebWorker } from '../../src/views/plan/pagePlanner';

/**
 * A Web Worker stand-in that runs the page planner worker's own handler
 * (what workers/plan.worker.ts runs), loading a built-in trace from its file
 * as the worker loads it from its chunk; it records what it was sent and
 * which traces it loaded.
 */
class TracedWorker implements PlanWebWorker {
  static made: TracedWorker[] = [];
  readonly sent: PagePlanMessage[] = [];
  readonly loaded: BuiltInTraceId[] = [];
  terminated = false;
  private readonly handle = tracedWorkerHandler(async (id) => {
    this.loaded.push(id);
    return readFileSync(new URL(`../../data/traces/${BUILT_IN_TRACES[id].file}`, import.meta.url), 'utf8');
  });
  private readonly listeners: ((e: MessageEvent<PagePlanAnswer>) => void)[] = [];
  constructor() {
    TracedWorker.made.push(this);
  }
  postMessage(m: PagePlanMessage) {
    if (this.terminated) throw new Error('posted to a terminated worker');
    this.sent.push(m);
    setTimeout(() => {
      void this.handle(m).then((reply) => {
        if (reply && !this.terminated) for (const l of this.listeners) l({ data: reply } as MessageEvent<PagePlanAnswer>);
      });
    }, 0);
  }
  addEventListener(type: 'message' | 'error', l: ((e: MessageEvent<PagePlanAnswer>) => void) | ((e: ErrorEvent) => void)) {
    if (type === 'message') this.listeners.push(l as (e: MessageEvent<PagePlanAnswer>) => void);
  }
  terminate() {
    this.terminated = true;
  }
}

// The form's request before the trace is known: its lengths and rate are the trace's, filled in by tracedRequest.
const BASE: PlanRequest = {
  models: ['llama-3.1-8b'], promptTokens: 0, outputTokens: 0, spread: 0.2, ratePerSec: 0, ttftSloMs: 800, tpotSloMs: 60, inTimeShare: 0.95,
  gpus: ['l40s', 'h100-sxm'], precisions: ['bf16'], engines: ['vllm'], splits: ['colocated'], maxGpus: 2, pricePerGpuHour: {}, requests: 400, seed: 42,
};
const CLI_ARGS = ['--model', 'llama-3.1-8b', '--trace', 'azure-code', '--trace-window', '0:120', '--ttft-slo', '800', '--tpot-slo', '60', '--gpus', 'l40s,h100-sxm', '--precisions', 'bf16', '--engines', 'vllm', '--max-gpus', '2', '--workers', '1', '--json'];
const create = () => new TracedWorker();

describe("the page's planner with a built-in trace", () => {
  it('gives the configs `lab plan --trace azure-code --trace-window 0:120 --json` gives, cheapest first', async () => {
    TracedWorker.made = [];
    const req = await tracedRequest(BASE, { id: 'azure-code', window: { fromS: 0, toS: 120 } }, create);
    const page = await planOnPage(req, { workers: 2, create });
    const out: string[] = [];
    expect(run(['plan', ...CLI_ARGS], (s) => out.push(s), (s) => { throw new Error(s); })).toBe(0);
    const cli = JSON.parse(out.join(''));
    expect(page.configs.length).toBeGreaterThan(0);
    const mine = planJson(req, page, 0);
    expect(mine.configs).toEqual(cli.configs);
    // And the rest: what it planned for (the trace, its slice, requests and mean rate), the counts.
    expect({ ...mine, elapsedS: 0 }).toEqual({ ...cli, elapsedS: 0 });
    // The describing worker and both pool workers each loaded the trace themselves; the pool's were never posted its requests.
    expect(TracedWorker.made).toHaveLength(3);
    expect(TracedWorker.made.map((w) => w.loaded)).toEqual([['azure-code'], ['azure-code'], ['azure-code']]);
    for (const w of TracedWorker.made.slice(1)) {
      const start = w.sent[0];
      expect(start.kind === 'start' && start.traceRef).toEqual({ id: 'azure-code', window: { fromS: 0, toS: 120 } });
      expect(start.kind === 'start' && 'trace' in start.request).toBe(false);
    }
    expect(TracedWorker.made.every((w) => w.terminated)).toBe(true);
  });

  it('a window with no request is refused with the reason, and the worker is ended', async () => {
    TracedWorker.made = [];
    await expect(tracedRequest(BASE, { id: 'azure-conv', window: { fromS: 1e6, toS: null } }, create)).rejects.toThrow(TraceRefused);
    await expect(tracedRequest(BASE, { id: 'azure-conv', window: { fromS: 1e6, toS: null } }, create)).rejects.toThrow(/no request of the trace is sent between 1000000 s and the end/);
    expect(TracedWorker.made.every((w) => w.terminated)).toBe(true);
  });

  it('a pool worker whose trace fails to load fails the plan with why', async () => {
    const req = await tracedRequest(BASE, { id: 'azure-code', window: { fromS: 0, toS: 120 } }, create);
    const broken = () => {
      const w = new TracedWorker();
      (w as unknown as { handle: unknown }).handle = tracedWorkerHandler(async () => {
        throw new Error('offline');
      });
      return w;
    };
    await expect(planOnPage(req, { workers: 1, create: broken })).rejects.toThrow('the trace azure-code did not load (offline)');
  });
});
