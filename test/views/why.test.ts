import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/engine';
import { hardwareProfile, type RooflineDetails } from '../../src/engine/profiles';
import type { IterationLog } from '../../src/engine/types';
import { DEFAULT_SETTINGS, scenarioFromSettings, type Settings } from '../../src/settings';
import {
  CALIBRATION_HEADLINE,
  MemoryBar,
  RooflineChart,
  attainable,
  explainRoofline,
  layoutMemory,
  layoutRoofline,
  memoryData,
  memorySentence,
  rooflineData,
  typicalDecode,
  weightedMedian,
  type RooflineData,
} from '../../src/views/why';
import { finiteChecker } from './finiteLayout';

function details(spec: { model: string; gpu: string; precision: string; tp: number; kvPrecision?: string }): RooflineDetails {
  const r = hardwareProfile(spec);
  if (!r.ok) throw new Error(`${r.reason} ${r.suggestion}`);
  return r.details;
}

/** Every number a layout hands to the SVG is finite, every string free of NaN, Infinity and undefined (raw values exempt). */
const expectAllFinite = finiteChecker({ skipKeys: ['value'], forbidden: /NaN|Infinity|undefined/ });

const h100 = details({ model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'bf16', tp: 1 });
const query = { prefillTokens: 1000, decode: { batch: 16, contextTokens: 1100 } };

describe('roofline data', () => {
  it('puts a long prefill right of the ridge (compute-bound) and batch-1 decode far left of it (memory-bound)', () => {
    const d = rooflineData(h100, query);
    const prefill = d.marks.find((m) => m.key === 'prefill')!;
    const decode = d.marks.find((m) => m.key === 'decode')!;
    const one = d.marks.find((m) => m.key === 'decode-1')!;
    expect(prefill.bound).toBe('compute');
    expect(prefill.label).toBe('prefill (compute-bound)');
    expect(decode.bound).toBe('memory');
    expect(decode.label).toBe('decode (memory-bound)');
    expect(one.intensityFlopsPerByte).toBeGreaterThan(0.5);
    expect(one.intensityFlopsPerByte).toBeLessThan(2);
    // Batching moves decode right.
    expect(decode.intensityFlopsPerByte).toBeGreaterThan(one.intensityFlopsPerByte * 8);
    expect(d.ridgeFlopsPerByte).toBeCloseTo(h100.peakFlopsPerSec / h100.bandwidthBytesPerSec, 6);
  });

  it('leaves out the batch-1 point when the run is at batch 1', () => {
    const d = rooflineData(h100, { prefillTokens: 1000, decode: { batch: 1, contextTokens: 1100 } });
    expect(d.marks.map((m) => m.key)).toEqual(['prefill', 'decode']);
  });

  it('fitted roofs sit below the datasheet ones, FP8 with its lower kernel efficiency', () => {
    const d = rooflineData(h100, query);
    expect(d.effectiveFlopsPerSec).toBeLessThan(d.peakFlopsPerSec);
    expect(d.effectiveBandwidthBytesPerSec).toBeLessThan(d.peakBandwidthBytesPerSec);
    const fp8 = details({ model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'fp8', tp: 1 });
    expect(fp8.effectivePeakFlopsPerSec / fp8.peakFlopsPerSec).toBeCloseTo(fp8.factors.mfuPrefill * fp8.factors.lowPrecisionMfuScale, 6);
  });

  it('explains with the scenario\'s numbers', () => {
    const d = rooflineData(h100, query);
    const text = explainRoofline(d, query, h100.model);
    expect(text).toMatch(/at batch 1 — far left of the ridge \(295 FLOP\/byte\), so it waits on memory/);
    expect(text).toMatch(/typical batch of 16 moves it to \d+ FLOP\/byte/);
    expect(text).toMatch(/1,000-token prompt .* compute-bound/);
    expect(text).not.toMatch(/NaN|Infinity|undefined/);
  });

  it('says how a mixture of experts differs', () => {
    const mix = details({ model: 'mixtral-8x7b', gpu: 'h100-sxm', precision: 'bf16', tp: 2 });
    const d = rooflineData(mix, query);
    const text = explainRoofline(d, query, mix.model);
    expect(text).toMatch(/2 of 8 experts/);
    expect(text).toMatch(/touches more experts/);
  });
});

describe('roofline layout', () => {
  const d = rooflineData(h100, query);

  it('places the ridge at peak ÷ bandwidth and labels it', () => {
    for (const widthPx of [320, 390, 720, 1100]) {
      const l = layoutRoofline(d, { widthPx });
      expectAllFinite(l);
      expect(l.ridge.label.text).toBe('ridge 295 FLOP/byte');
      const peakRoof = l.roofs.find((r) => r.kind === 'peak')!;
      expect(Math.abs(peakRoof.cornerXPx - l.ridge.xPx)).toBeLessThan(0.01);
      expect(l.ridge.label.xPx).toBeGreaterThanOrEqual(l.plot.leftPx - 1);
      expect(l.ridge.label.xPx).toBeLessThanOrEqual(l.plot.rightPx + 1);
    }
  });

  it('orders points by intensity left to right and puts them on the fitted roof, below the datasheet roof', () => {
    const l = layoutRoofline(d, { widthPx: 720 });
    const at = (k: string) => l.points.find((p) => p.key === k)!;
    expect(at('decode-1').xPx).toBeLessThan(at('decode').xPx);
    expect(at('decode').xPx).toBeLessThan(l.ridge.xPx);
    expect(at('prefill').xPx).toBeGreaterThan(l.ridge.xPx);
    // Higher FLOP/s is higher on the page (smaller y) along the slope.
    expect(at('decode').yPx).toBeLessThan(at('decode-1').yPx);
    expect(at('prefill').yPx).toBeLessThanOrEqual(at('decode').yPx);
    for (const p of l.points) {
      expect(p.xPx).toBeGreaterThanOrEqual(l.plot.leftPx);
      expect(p.xPx).toBeLessThanOrEqual(l.plot.rightPx);
      expect(p.yPx).toBeGreaterThanOrEqual(l.plot.topPx);
      expect(p.yPx).toBeLessThanOrEqual(l.plot.bottomPx);
    }
    expect(l.batchArrow).not.toBeNull();
  });

  it('x and y ticks are monotone', () => {
    const l = layoutRoofline(d, { widthPx: 720 });
    const xs = l.xAxis.ticks.map((t) => t.px);
    const ys = l.yAxis.ticks.map((t) => t.px);
    expect(xs.length).toBeGreaterThanOrEqual(3);
    expect(ys.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < xs.length; i++) expect(xs[i]).toBeGreaterThan(xs[i - 1]);
    for (let i = 1; i < ys.length; i++) expect(ys[i]).toBeLessThan(ys[i - 1]);
  });

  it('attainable is the lower of the two roofs', () => {
    expect(attainable(1, 1000, 10)).toBe(10);
    expect(attainable(1000, 1000, 10)).toBe(1000);
  });

  it('never emits NaN for extreme or broken inputs', () => {
    const broken: RooflineData[] = [
      { ...d, marks: d.marks.map((m) => ({ ...m, intensityFlopsPerByte: 0 })) },
      { ...d, marks: d.marks.map((m) => ({ ...m, intensityFlopsPerByte: Infinity, achievedFlopsPerSec: NaN })) },
      { ...d, marks: d.marks.map((m) => ({ ...m, intensityFlopsPerByte: 1e12 })) },
      { ...d, marks: [] },
      { peakFlopsPerSec: 0, peakBandwidthBytesPerSec: NaN, effectiveFlopsPerSec: -1, effectiveBandwidthBytesPerSec: Infinity, ridgeFlopsPerByte: NaN, marks: [] },
    ];
    for (const b of broken) for (const widthPx of [0, NaN, 320, 2000]) expectAllFinite(layoutRoofline(b, { widthPx }));
    // Extreme but valid: a 200,000-token prompt and a batch of 4,096 on a 405B model.
    const big = details({ model: 'llama-3.1-405b', gpu: 'h200', precision: 'fp8', tp: 8 });
    const q = { prefillTokens: 200_000, decode: { batch: 4096, contextTokens: 100_000 } };
    expectAllFinite(layoutRoofline(rooflineData(big, q), { widthPx: 390 }));
    expect(explainRoofline(rooflineData(big, q), q, big.model)).not.toMatch(/NaN|Infinity/);
  });

  it('renders to static SVG without NaN', () => {
    const html = renderToStaticMarkup(createElement(RooflineChart, { data: d, width: 600 }));
    expect(html).toContain('ridge 295 FLOP/byte');
    expect(html).toContain('prefill (compute-bound)');
    expect(html).toContain('decode (memory-bound)');
    expect(html).not.toMatch(/NaN|Infinity/);
  });
});

describe('memory', () => {
  it('splits one GPU into weights, reserve, KV in use and KV free that add up to its memory', () => {
    const m = memoryData(h100, { peakKvReservedTokens: 20_000 }, { promptTokens: 1000, outputTokens: 250 });
    const sum = m.segments.reduce((s, x) => s + x.bytes, 0);
    expect(sum).toBeCloseTo(h100.memoryBytesPerGpu, -3);
    expect(m.segments.map((s) => s.key)).toEqual(['weights', 'reserve', 'kv-used', 'kv-free']);
    expect(m.segments[0].bytes).toBeCloseTo(h100.memory.weightBytesPerGpu, -3);
    expect(m.segments[2].bytes).toBeCloseTo(20_000 * h100.memory.kvBytesPerTokenPerGpu, -3);
    expect(m.requestsThatFit).toBe(Math.floor(h100.kvCapacityTokens / 1250));
    expect(m.limitedBy).toBe('scheduler');
    expect(m.batchLimit).toBe(256);
    expect(memorySentence(m)).toMatch(/450,212 tokens/);
  });

  it('says memory caps the batch when a long prompt fills the cache', () => {
    const big = details({ model: 'llama-3.1-70b', gpu: 'h100-sxm', precision: 'bf16', tp: 2 });
    const m = memoryData(big, { peakKvReservedTokens: 1e9 }, { promptTokens: 16_000, outputTokens: 200 });
    expect(m.limitedBy).toBe('memory');
    expect(m.batchLimit).toBe(1);
    expect(memorySentence(m)).toMatch(/about 1 request of this workload/);
    // In use never exceeds the cache.
    expect(m.segments[3].bytes).toBeGreaterThanOrEqual(0);
  });

  it('lays segments left to right, inside the bar, for a MoE model and tiny widths', () => {
    const mix = details({ model: 'mixtral-8x7b', gpu: 'h100-sxm', precision: 'fp8', tp: 2 });
    for (const widthPx of [0, 320, 390, 900]) {
      const l = layoutMemory(memoryData(mix, { peakKvReservedTokens: 5000 }, { promptTokens: 400, outputTokens: 12 }), { widthPx });
      expectAllFinite(l);
      for (let i = 1; i < l.segments.length; i++) expect(l.segments[i].x0Px).toBeGreaterThanOrEqual(l.segments[i - 1].x0Px);
      for (const s of l.segments) {
        expect(s.x0Px).toBeGreaterThanOrEqual(l.bar.leftPx);
        expect(s.x1Px).toBeLessThanOrEqual(l.bar.rightPx + 0.001);
        expect(s.x1Px).toBeGreaterThan(s.x0Px);
      }
    }
  });

  it('survives empty and broken numbers', () => {
    const broken = { ...h100, memoryBytesPerGpu: NaN, kvCapacityTokens: 0, memory: { ...h100.memory, weightBytesPerGpu: Infinity, kvCacheBytesPerGpu: -5, kvBytesPerTokenPerGpu: NaN } };
    const m = memoryData(broken, { peakKvReservedTokens: NaN }, { promptTokens: NaN, outputTokens: 0 });
    expectAllFinite(m);
    expectAllFinite(layoutMemory(m, { widthPx: 390 }));
    expect(memorySentence(m)).not.toMatch(/NaN|Infinity/);
    const html = renderToStaticMarkup(createElement(MemoryBar, { data: m, width: 390 }));
    expect(html).not.toMatch(/NaN|Infinity/);
  });
});

describe('typical decode from the run', () => {
  it('takes the iteration-weighted median batch and context', () => {
    const log: IterationLog = {
      endS: [1, 2, 3], count: [1, 10, 1], gapS: [1, 0.1, 1], batch: [1, 16, 0], kvUsedTokens: [500, 16_000, 0], kvReservedTokens: [0, 0, 0], waiting: [0, 0, 0], prefillTokens: [500, 0, 0], preempted: [0, 0, 0], decodeSeqs: [1, 16, 0],
    };
    expect(typicalDecode(log)).toEqual({ batch: 16, contextTokens: 1000 });
    expect(typicalDecode({ ...log, batch: [0, 0, 0] })).toBeNull();
    expect(weightedMedian([], [])).toBeNaN();
  });

  it('matches a busy run of the simulator', () => {
    const built = scenarioFromSettings({ ...DEFAULT_SETTINGS, server: 'hardware', users: 16, requests: 200 } satisfies Settings);
    if (!built.ok) throw new Error(built.message);
    const result = simulate(built.scenario);
    const t = typicalDecode(result.log)!;
    expect(t.batch).toBeGreaterThanOrEqual(8);
    expect(t.batch).toBeLessThanOrEqual(16);
    expect(t.contextTokens).toBeGreaterThan(500);
  });
});

describe('calibration headline', () => {
  it('matches the generated report in docs/calibration.md', () => {
    const report = readFileSync(new URL('../../docs/calibration.md', import.meta.url), 'utf8');
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    expect(report).toContain(`(${CALIBRATION_HEADLINE.rows} usable`);
    const saturated = report.split('\n').find((l) => l.startsWith('| Throughput, saturated (output tok/s) | all |'))!;
    expect(saturated).toContain(`| ${pct(CALIBRATION_HEADLINE.saturatedMedianAbsErr)} | ${pct(CALIBRATION_HEADLINE.saturatedP90AbsErr)} |`);
    const ttft = report.split('\n').find((l) => l.startsWith('| TTFT, batch 1 (ms) | all |'))!;
    expect(ttft).toContain(`| ${pct(CALIBRATION_HEADLINE.ttftMedianAbsErr)} |`);
    const line = (label: string) => report.split('\n').find((l) => l.startsWith(`| ${label} | all |`))!;
    expect(line('TTFT under load, mean (ms)')).toContain(`| ${CALIBRATION_HEADLINE.loadRuns} | ${pct(CALIBRATION_HEADLINE.loadTtftMedianAbsErr)} |`);
    expect(line('TPOT under load, mean (ms)')).toContain(`| ${pct(CALIBRATION_HEADLINE.loadTpotMedianAbsErr)} |`);
    expect(line('Throughput under load (output tok/s)')).toContain(`| ${pct(CALIBRATION_HEADLINE.loadThroughputMedianAbsErr)} |`);
    expect(report).toContain(`The 3× knee falls at the measured load point in ${CALIBRATION_HEADLINE.loadKnee3Hits} of ${CALIBRATION_HEADLINE.loadCurves} curves`);
  });
});

describe('GPU memory as the datasheet prints it', () => {
  it('an H100 is 80 GB, and its parts add up to it in the same unit', async () => {
    const { formatGpuMemory } = await import('../../src/views/why/units');
    const { gpuById } = await import('../../src/engine/profiles');
    const h100 = gpuById('h100-sxm')!;
    expect(formatGpuMemory(h100.memoryBytes, h100)).toBe('80 GB');
    const l4 = gpuById('l4')!;
    expect(formatGpuMemory(l4.memoryBytes, l4)).toBe('24 GB');
    expect(formatGpuMemory(h100.memoryBytes / 2, h100)).toBe('40 GB');
    expect(formatGpuMemory(2 ** 29, h100)).toBe('500 MB');
  });
});
