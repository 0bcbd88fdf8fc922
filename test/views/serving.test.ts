import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/engine';
import { lessonProfile } from '../../src/engine/profiles/lesson';
import { customWorkload } from '../../src/engine/workloads';
import { DEFAULT_SETTINGS } from '../../src/settings';
import { servingOf } from '../../src/settings/serving';
import { phasesOf } from '../../src/views/server/lanes';
import { layoutServer } from '../../src/views/server/layoutServer';
import { ServerView } from '../../src/views/server/ServerView';
import { servingExplanation } from '../../src/views/why';

/** 64 long reports on the lesson server with a small cache: paged admission preempts. */
function pagedRun() {
  return simulate({
    workload: customWorkload(800, 1500, 0.2), server: { ...lessonProfile(), kvCapacityTokens: 60_000 },
    load: { kind: 'closed', users: 64, thinkMs: 0 }, slo: { ttftMs: 500, tpotMs: 50, e2eMs: null },
    requests: 200, seed: 3, chunkedPrefill: true, networkRttMs: 50, scheduler: { admission: 'paged' },
  });
}

describe('the server view draws preemptions', () => {
  const run = pagedRun();
  const victim = run.requests.find((r) => r.completed && r.preemptions > 0)!;

  it('the run preempts, and a preempted request\'s lane has a preempted phase between decode phases', () => {
    expect(run.metrics.preemptions).toBeGreaterThan(0);
    const kinds = phasesOf(victim).map((p) => p.kind);
    expect(kinds).toContain('preempted');
    const i = kinds.indexOf('preempted');
    expect(kinds[i - 1]).toBe('decode');
    expect(kinds[i + 1]).toBe('decode');
  });

  it('centred on a preempted request: marks on the batch panel, a legend entry, and the stall in the summary', () => {
    const layout = layoutServer({ requests: run.requests, log: run.log, representativeId: victim.id, maxBatch: 64, kvCapacityTokens: 60_000 }, { widthPx: 900 });
    expect(layout.preemptions).toBeGreaterThan(0);
    expect(layout.preemptXPx.length).toBeGreaterThan(0);
    expect(layout.legend.map((l) => l.key)).toContain('preempted');
    expect(layout.lanes[0].segments.some((s) => s.kind === 'preempted')).toBe(true);
    expect(layout.summary).toMatch(/preempted (once|\d+ times): its KV was freed and recomputed later, and its stream stalled for/);
    const html = renderToStaticMarkup(createElement(ServerView, { requests: run.requests, log: run.log, representativeId: victim.id, maxBatch: 64, kvCapacityTokens: 60_000, width: 900 }));
    expect(html).toContain('data-preemption');
    expect(html).not.toMatch(/NaN|Infinity/);
  });

  it('a reserve run draws no preemption marks', () => {
    const reserve = simulate({ ...pagedRun().scenario, scheduler: { admission: 'reserve' } });
    const layout = layoutServer({ requests: reserve.requests, log: reserve.log, representativeId: reserve.representativeId, maxBatch: 64, kvCapacityTokens: 60_000 }, { widthPx: 600 });
    expect(layout.preemptXPx).toEqual([]);
    expect(layout.legend.map((l) => l.key)).not.toContain('preempted');
  });
});

describe('the why panel explains the scheduler in force', () => {
  it('names the engine and its version, the settings set here, and whether its step costs are fitted', () => {
    const vllm = servingExplanation(servingOf({ ...DEFAULT_SETTINGS, engine: 'vllm', server: 'hardware', maxBatch: 32 }), 'hardware', null);
    const text = (k: string) => vllm.find((l) => l.key === k)!.text;
    expect(text('scheduler')).toMatch(/vLLM 0\.10 \(V1 engine\)'s defaults, with maxBatch set here: paged admission, at most 32 requests at once, 8,192 tokens per step, prefill in chunks/);
    expect(text('admission')).toMatch(/newest running request is evicted/);
    expect(text('costs')).toMatch(/Not fitted/);
    expect(text('batch')).toMatch(/throughput rises.*every token comes slower.*queue forms later/);
    const trt = servingExplanation(servingOf({ ...DEFAULT_SETTINGS, engine: 'trtllm', server: 'hardware' }), 'hardware', null);
    expect(trt.find((l) => l.key === 'costs')!.text).toMatch(/fitted to TensorRT-LLM/);
    const lab = servingExplanation(servingOf(DEFAULT_SETTINGS), 'lesson', { preemptions: 0, recomputedTokens: 0, peakBatch: 16, memoryLimitedShare: 0, batchLimitedShare: 0 });
    expect(lab.find((l) => l.key === 'scheduler')!.text).toMatch(/lab's default scheduler \(no engine chosen\): reserve admission, at most 64 requests at once, no token limit per step/);
    expect(lab.find((l) => l.key === 'costs')!.text).toMatch(/illustrative/);
    expect(lab.find((l) => l.key === 'run')!.text).toBe("This run's batch peaked at 16.");
  });

  it('reports the run\'s preemptions', () => {
    const r = pagedRun();
    const lines = servingExplanation(servingOf({ ...DEFAULT_SETTINGS, admission: 'paged' }), 'lesson', {
      preemptions: r.metrics.preemptions, recomputedTokens: r.metrics.recomputedTokens, peakBatch: r.peakBatch, memoryLimitedShare: 0.2, batchLimitedShare: 0,
    });
    expect(lines.find((l) => l.key === 'run')!.text).toMatch(/waited for KV memory 20% of the time; \d+ preemptions? recomputed [\d,]+ tokens/);
  });
});
