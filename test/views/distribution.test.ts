import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { simulate, summarize, type RunMetrics } from '../../src/engine';
import { DEFAULT_SETTINGS, scenarioFromSettings } from '../../src/settings';
import { LatencyDistribution, layoutDistribution, sloSentence, tailSentence, tailSentenceFor, type DistributionData, type DistributionPanel } from '../../src/views/distribution';
import { markerLabels } from '../../src/views/distribution/layoutDistribution';
import { finiteChecker } from './finiteLayout';

/** Metrics whose TTFT and TPOT statistics come from the given samples (the rest is irrelevant here). */
function metricsOf(ttftMs: number[], tpotMs: number[]): RunMetrics {
  const zero = summarize([]);
  return {
    completed: ttftMs.length, rejected: 0, durationS: 1, ttftMs: summarize(ttftMs), tpotMs: summarize(tpotMs), itlMs: zero, e2eMs: zero, queueMs: zero,
    outputTokPerSec: 0, requestsPerSec: 0, goodputReqPerSec: 0, sloMetShare: 0, userTokPerSec: 0,
  };
}

function data(ttftMs: number[], tpotMs: number[], slo: DistributionData['slo'] = { ttftMs: 500, tpotMs: 50 }): DistributionData {
  return { ttftMs, tpotMs, metrics: metricsOf(ttftMs, tpotMs), slo };
}

const expectAllFinite = finiteChecker();

/** x of `v` read off the axis ticks (linear or log between the two ticks around it). */
function xFromTicks(panel: DistributionPanel, v: number): number {
  const ticks = panel.xAxis.ticks;
  let i = ticks.findIndex((t) => t.value >= v);
  if (i <= 0) i = 1;
  if (i >= ticks.length) i = ticks.length - 1;
  const a = ticks[i - 1];
  const b = ticks[i];
  const t = panel.logScale ? Math.log(v / a.value) / Math.log(b.value / a.value) : (v - a.value) / (b.value - a.value);
  return a.px + t * (b.px - a.px);
}

// A long tail: 95 requests at ~100 ms, 5 at ~4 s.
const tailTtft = [...Array.from({ length: 95 }, (_, i) => 95 + (i % 10)), 3900, 3950, 4000, 4050, 4100];
const steadyTpot = Array.from({ length: 100 }, (_, i) => 30 + (i % 5) * 0.5);

describe('tail sentence', () => {
  it('says the mean hides a long tail, with the numbers', () => {
    const m = metricsOf(tailTtft, steadyTpot);
    expect(m.ttftMs.mean).toBeCloseTo(294.4, 6);
    expect(tailSentence(m)).toBe(`Mean TTFT is 294 ms, but 1 in 100 requests waits over ${'4.1 s'} for its first token: the mean hides the tail.`);
  });

  it('says the tail stays close to the mean for a tight sample, and hedges small samples', () => {
    expect(tailSentence(metricsOf(tailTtft, steadyTpot), 'tpot')).toBe('Mean TPOT is 31 ms and the slowest 1 in 100 requests stream at 32 ms per token: here the tail stays close to the mean.');
    expect(tailSentenceFor('ttft', summarize([100, 100, 100]))).toBe('Mean TTFT is 100 ms and the slowest 1% of requests wait 100 ms: here the tail stays close to the mean.');
  });

  it('gives the ratio for a moderate tail', () => {
    const moderate = [...Array.from({ length: 98 }, () => 100), 180, 180];
    expect(tailSentenceFor('ttft', summarize(moderate))).toMatch(/^Mean TTFT is 102 ms; 1 in 100 requests waits over 180 ms, 1\.8× the mean\.$/);
  });

  it('handles no requests, and counts SLO misses', () => {
    expect(tailSentenceFor('ttft', summarize([]))).toBe('No request completed, so there is no TTFT to compare.');
    expect(sloSentence('ttft', tailTtft, 500)).toBe('5.0% of requests miss the 500 ms TTFT target.');
    expect(sloSentence('tpot', steadyTpot, 50)).toBe('Every request meets the 50 ms TPOT target.');
    expect(sloSentence('tpot', steadyTpot, null)).toBeNull();
  });
});

describe('layoutDistribution', () => {
  const layout = layoutDistribution(data(tailTtft, steadyTpot, { ttftMs: 500, tpotMs: 100 }), { widthPx: 900 });
  const [ttft, tpot] = layout.panels;

  it('uses a log axis for the long tail and a linear one for the tight sample', () => {
    expect(ttft.logScale).toBe(true);
    expect(ttft.title).toMatch(/log scale/);
    expect(tpot.logScale).toBe(false);
  });

  it('marks mean, p50, p95 and p99 where the axis puts their values', () => {
    const stats = summarize(tailTtft);
    const byKey = Object.fromEntries(ttft.markers.map((m) => [m.key, m]));
    expect(Object.keys(byKey).sort()).toEqual(['mean', 'p50', 'p95', 'p99']);
    for (const key of ['mean', 'p50', 'p95', 'p99'] as const) {
      expect(byKey[key].valueMs).toBeCloseTo(stats[key], 9);
      expect(byKey[key].xPx).toBeCloseTo(xFromTicks(ttft, stats[key]), 0);
    }
    expect(byKey.p50.xPx).toBeLessThan(byKey.mean.xPx);
    expect(byKey.mean.xPx).toBeLessThan(byKey.p99.xPx);
    expect(byKey.p99.text).toBe('p99 4.1 s');
  });

  it('keeps the bars inside the plot and counts every request once', () => {
    for (const p of layout.panels) {
      expect(p.bars.reduce((n, b) => n + b.count, 0)).toBe(100);
      for (const b of p.bars) {
        expect(b.x0Px).toBeGreaterThanOrEqual(p.leftPx - 0.01);
        expect(b.x1Px).toBeLessThanOrEqual(p.rightPx + 0.01);
        expect(b.yPx).toBeGreaterThanOrEqual(p.topPx - 0.01);
        expect(b.yPx).toBeLessThanOrEqual(p.bottomPx + 0.01);
      }
    }
  });

  it('draws the SLO line at its value, or as an edge label when far off the data', () => {
    expect(ttft.slo?.offChart).toBe(false);
    expect(ttft.slo?.xPx).toBeCloseTo(xFromTicks(ttft, 500), 0);
    expect(tpot.slo?.offChart).toBe(true);
    expect(tpot.slo?.label).toBe('SLO 100 ms →');
    expect(layoutDistribution(data(tailTtft, steadyTpot), { widthPx: 900 }).panels[1].slo?.offChart).toBe(false);
  });

  it('lays panels side by side when wide and stacked when narrow, plots aligned', () => {
    expect(tpot.leftPx).toBeGreaterThan(ttft.rightPx);
    expect(tpot.topPx).toBe(ttft.topPx);
    const narrow = layoutDistribution(data(tailTtft, steadyTpot), { widthPx: 340 });
    expect(narrow.panels[1].topPx).toBeGreaterThan(narrow.panels[0].bottomPx);
    expect(narrow.panels[1].rightPx).toBeLessThanOrEqual(340);
    expectAllFinite(narrow);
  });

  it('shares one label between statistics that print the same', () => {
    const labels = markerLabels([
      { name: 'mean', valueMs: 30.1, xPx: 10 },
      { name: 'p50', valueMs: 30.2, xPx: 12 },
      { name: 'p99', valueMs: 45, xPx: 80 },
    ]);
    expect(labels.map((l) => l.text)).toEqual(['mean ≈ p50 30 ms', '', 'p99 45 ms']);
    expect(labels[0].xPx).toBe(11);
  });

  it('never produces NaN for empty, single-valued or zero samples', () => {
    const empty = layoutDistribution(data([], []), { widthPx: 600 });
    expect(empty.panels[0].message).toBe('No completed requests yet.');
    expect(empty.panels[0].markers).toHaveLength(0);
    expectAllFinite(empty);
    expectAllFinite(layoutDistribution(data([120], [0]), { widthPx: 320 }));
    expectAllFinite(layoutDistribution(data([0, 0, 0], [0, 0]), { widthPx: 800 }));
    expectAllFinite(layoutDistribution(data([5, NaN, Infinity], [1, 2], { ttftMs: null, tpotMs: null }), { widthPx: NaN }));
  });
});

describe('LatencyDistribution', () => {
  it('renders real busy-chat data with labelled percentiles and the sentence, without NaN', () => {
    const o = scenarioFromSettings({ ...DEFAULT_SETTINGS, users: 16, requests: 300 });
    if (!o.ok) throw new Error(o.message);
    const run = simulate(o.scenario);
    const done = run.requests.filter((r) => r.completed);
    const html = renderToStaticMarkup(
      createElement(LatencyDistribution, { ttftMs: done.map((r) => r.ttftMs), tpotMs: done.map((r) => r.tpotMs), metrics: run.metrics, slo: { ttftMs: 500, tpotMs: 50 }, width: 700 }),
    );
    expect(html).toContain('role="img"');
    expect(html).toMatch(/p99[^<]* ms/);
    expect(html).toContain('Mean TTFT is');
    expect(html).toContain('<table');
    expect(html).not.toMatch(/NaN|Infinity/);
  });
});
