import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  COMMITTED_FACTORS, FIT_PARAMS, INITIAL_FACTORS, LOAD_KINDS, LOAD_VARIANTS, evaluateVariant, variantsMarkdown, NIM_FACTOR_KEYS, TARGETS, decodeFactors, encodeFactors, errorTable, evaluateCases, fitFactors, fitLoss,
  gpuIdFromLabel, kneeAnalysis, mapLoadRows, mapRow, mapRows, modelIdFromLabel, nelderMead, nimRoofline, parseCsv, parseCsvRecords, precisionFromLabel, predictCase,
  sharedOnly, surrogateLoadCase, targetVerdicts, trtllmBenchSettings, trustWeight, type CalibrationFactors,
} from '../../src/engine/calibration/index';
import { FITTED_FACTORS, gpuById, modelById } from '../../src/engine/profiles/index';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CSV = resolve(repo, 'data/calibration/measurements.csv');
const LOAD_CSV = resolve(repo, 'data/calibration/measurements-load.csv');

function read(path: string): Record<string, string>[] {
  if (!existsSync(path)) {
    throw new Error(`Calibration data missing: expected ${path} (committed in the repository under data/calibration/).`);
  }
  return parseCsvRecords(readFileSync(path, 'utf8'));
}
const measurements = () => read(CSV);
const loadMeasurements = () => read(LOAD_CSV);

describe('CSV reader', () => {
  it('handles quoted commas, doubled quotes, line breaks inside quotes and CRLF', () => {
    const text = 'a,b,c\r\n1,"x, y","say ""hi"""\r\n2,"two\nlines",\n';
    expect(parseCsv(text)).toEqual([['a', 'b', 'c'], ['1', 'x, y', 'say "hi"'], ['2', 'two\nlines', '']]);
    expect(parseCsvRecords(text)[1]).toEqual({ a: '2', b: 'two\nlines', c: '' });
  });
});

describe('mapping rows to the catalog', () => {
  it('reads the free-text GPU, model and precision columns', () => {
    expect(gpuIdFromLabel('A100 (80GB SXM4 per later docs; v0.9 table just says A100)')).toBe('a100-80gb-sxm');
    expect(gpuIdFromLabel('A100-PCIE-80GB')).toBe('a100-80gb-pcie');
    expect(gpuIdFromLabel('2 x A100 (40GB per blog context)')).toBe('a100-40gb');
    expect(gpuIdFromLabel('H200 SXM 141GB (HBM3e)')).toBe('h200');
    expect(gpuIdFromLabel('1 x A10 (24GB)')).toBe('a10');
    expect(gpuIdFromLabel('L40S 48GB')).toBe('l40s');
    expect(gpuIdFromLabel('NOT STATED')).toBeNull();
    expect(modelIdFromLabel('Llama-2-70B')).toBe('llama-2-70b');
    expect(modelIdFromLabel('Llama-2-7B')).toBe('llama-2-7b');
    expect(modelIdFromLabel('(Llama2-70B per figure context; not explicit)')).toBe('llama-2-70b');
    expect(modelIdFromLabel('Mixtral-8x7B')).toBe('mixtral-8x7b');
    expect(modelIdFromLabel('MPT-7B')).toBeNull();
    expect(precisionFromLabel('fp8 (fp8 weights; fp8 KV cache auto-enabled)')).toEqual({ precision: 'fp8', kvPrecision: 'fp8' });
    expect(precisionFromLabel('not stated in captured excerpt (likely fp16/bf16)')?.assumption).toMatch(/not stated/);
    expect(trustWeight('high (official vendor table)')).toBe(1);
    expect(trustWeight('low-medium (approximate value)')).toBeLessThan(trustWeight('medium (text statement)'));
  });

  it('converts per-GPU throughput to the whole group and skips rows it cannot place', () => {
    const row = {
      id: '9', source_key: 'S', model: 'Llama-2-70B', precision: 'fp8', gpu: 'H200 SXM 141GB', num_gpus: '2', tp: '2',
      scenario: 'offline static batch, max throughput', isl: '128', osl: '128', batch_or_concurrency: '1024',
      output_tok_s: '3000', output_tok_s_is_per_gpu: 'yes (out tok/s/GPU)', trust: 'high',
    };
    const m = mapRow(row);
    expect(m.ok && m.value.kind).toBe('static-throughput');
    expect(m.ok && m.value.measured).toBe(6000);
    const skipped = mapRow({ ...row, gpu: 'NOT STATED' });
    expect(!skipped.ok && skipped.value.reason).toMatch(/GPU/);
    const pp = mapRow({ ...row, num_gpus: '4' });
    expect(!pp.ok && pp.value.reason).toMatch(/tensor parallelism/);
  });

  it("restates trtllm-bench's batch and token-budget heuristic", () => {
    // Llama-3.1-8B fp8 on one H100 with 128/128 requests: memory for thousands of requests, capped at 4,096.
    const small = trtllmBenchSettings(modelById('llama-3.1-8b')!, gpuById('h100-sxm')!, 1, true, 128, 128);
    expect(small).toEqual({ maxBatch: 4096, chunkBudgetTokens: 8192 });
    // 70B fp16 on two H100s: little room, so the floor of 64 sequences and 2,048 tokens applies.
    const tight = trtllmBenchSettings(modelById('llama-3.1-70b')!, gpuById('h100-sxm')!, 2, false, 1000, 1000);
    expect(tight).toEqual({ maxBatch: 64, chunkBudgetTokens: 2048 });
  });
});

describe('fit machinery', () => {
  it('Nelder–Mead finds the minimum of a bowl', () => {
    const r = nelderMead((x) => (x[0] - 3) ** 2 + 2 * (x[1] + 1) ** 2 + 1, [0, 0], 400);
    expect(r.x[0]).toBeCloseTo(3, 2);
    expect(r.x[1]).toBeCloseTo(-1, 2);
    expect(r.fx).toBeCloseTo(1, 4);
  });

  it('the loss is zero for perfect predictions and grows with the error', () => {
    const { cases } = mapRows(measurements().slice(0, 80));
    const perfect = cases.map((c) => c.measured);
    expect(fitLoss(cases, perfect)).toBeLessThan(0.011);
    expect(fitLoss(cases, perfect.map((v) => v * 1.3))).toBeGreaterThan(0.2);
  });

  it("carries NIM's own factors through the search vector apart from the shared ones", () => {
    const f: CalibrationFactors = { ...INITIAL_FACTORS, mbu: 0.7, nim: { attentionFlopsPerByte: 3, iterationOverheadS: 5e-4 } };
    const back = decodeFactors(encodeFactors(f), INITIAL_FACTORS);
    expect(back.mbu).toBeCloseTo(0.7, 9);
    expect(back.attentionFlopsPerByte).toBeCloseTo(INITIAL_FACTORS.attentionFlopsPerByte, 9);
    expect(back.nim.attentionFlopsPerByte).toBeCloseTo(3, 9);
    expect(back.nim.iterationOverheadS).toBeCloseTo(5e-4, 12);
    expect(FIT_PARAMS.filter((p) => p.nim).map((p) => p.key)).toEqual([...NIM_FACTOR_KEYS]);
    // A NIM run uses NIM's values; everything else the shared ones.
    const nim = nimRoofline(f);
    expect(nim.attentionFlopsPerByte).toBe(3);
    expect(nim.mbu).toBe(0.7);
    expect(nimRoofline(f)).toBe(nim);
  });

  it('lowers the loss on the first-token rows from a poor start', () => {
    const cases = mapRows(measurements()).cases.filter((c) => c.kind === 'ttft-batch1');
    const start = { ...INITIAL_FACTORS, mfuPrefill: 0.2, iterationOverheadS: 0.02 };
    const before = fitLoss(cases, cases.map((c) => { const p = predictCase(c, start); return p.ok ? p.value : null; }));
    const fit = fitFactors(cases, start, { exact: predictCase, fast: predictCase, rounds: 1, evals: 150 });
    expect(fit.loss).toBeLessThan(before / 2);
  });
});

describe('calibration against the published measurements', () => {
  it('maps most rows and explains every skipped one', () => {
    const { cases, skipped } = mapRows(measurements());
    expect(cases.length).toBeGreaterThan(400);
    for (const s of skipped) expect(s.reason.length).toBeGreaterThan(10);
    expect(new Set(cases.map((c) => c.kind))).toEqual(new Set(['saturated-throughput', 'static-throughput', 'ttft-batch1', 'static-e2e', 'decode-mbu']));
  });

  it('the committed factors meet the error targets on measurements.csv (median and p90 absolute error)', () => {
    const { cases } = mapRows(measurements());
    const results = evaluateCases(cases, FITTED_FACTORS);
    // NIM's own factors touch only the runs under load.
    const withNim = evaluateCases(cases.filter((c) => c.kind !== 'saturated-throughput'), COMMITTED_FACTORS);
    expect(withNim.map((r) => r.predicted)).toEqual(results.filter((r) => r.case.kind !== 'saturated-throughput').map((r) => r.predicted));
    // Only combinations the lab refuses may go unpredicted, and there should be none here.
    expect(results.filter((r) => r.predicted === null).map((r) => r.case.id)).toEqual([]);
    const verdicts = targetVerdicts(errorTable(results));
    expect(verdicts.map((v) => v.kind).sort()).toEqual(Object.keys(TARGETS).filter((k) => !LOAD_KINDS.includes(k as never)).sort());
    for (const v of verdicts) {
      expect({ kind: v.kind, median: v.stats.medianAbsPct <= v.target.medianPct, p90: v.stats.p90AbsPct <= v.target.p90Pct }).toEqual({
        kind: v.kind, median: true, p90: true,
      });
    }
  });

  it('maps every run under load to its three cases and its curve', () => {
    const { cases, skipped } = mapLoadRows(loadMeasurements());
    expect(skipped).toEqual([]);
    expect(cases.length).toBe(3 * 363);
    expect(new Set(cases.map((c) => c.curve)).size).toBe(37);
    // The NIM benchmarking guide's rows (a 1.x container) are served with that setup, the course dataset's with NIM 2024's.
    expect(new Set(cases.filter((c) => c.spec.model === 'llama-3.3-70b').map((c) => c.setup))).toEqual(new Set(['nim-1.x']));
    expect(cases.filter((c) => c.setup !== undefined).every((c) => c.source === 'NIM_benchmarking_guide_performance_tables')).toBe(true);
    const row = cases.filter((c) => c.id === 'L0001');
    expect(row.map((c) => [c.kind, c.batch, c.inputTokens, c.outputTokens])).toEqual([
      ['load-ttft', 5, 200, 1000], ['load-tpot', 5, 200, 1000], ['load-throughput', 5, 200, 1000],
    ]);
    expect(row.map((c) => c.measured)).toEqual([40.1695, 8.72002, 571.205]);
  });

  it("under load: the issue's targets for TTFT, TPOT and throughput (median and p90) and the 3× knee in most curves", () => {
    const { cases } = mapLoadRows(loadMeasurements());
    const results = evaluateCases(cases, COMMITTED_FACTORS);
    expect(results.filter((r) => r.predicted === null)).toEqual([]);
    const verdicts = targetVerdicts(errorTable(results)).filter((v) => LOAD_KINDS.includes(v.kind));
    expect(verdicts.map((v) => v.kind).sort()).toEqual([...LOAD_KINDS].sort());
    for (const v of verdicts) {
      expect({ kind: v.kind, median: v.stats.medianAbsPct <= v.target.medianPct, p90: v.stats.p90AbsPct <= v.target.p90Pct }).toEqual({
        kind: v.kind, median: true, p90: true,
      });
    }
    const knees = kneeAnalysis(results);
    expect(knees.curves.length).toBe(37);
    expect(knees.knee3Hits).toBeGreaterThan(knees.curves.length / 2);
  });

  it("without NIM's own factors the runs under load miss: the shared ones alone do not describe that engine", () => {
    const { cases } = mapLoadRows(loadMeasurements());
    const shared = evaluateCases(cases.filter((c) => c.kind === 'load-tpot'), sharedOnly(FITTED_FACTORS));
    const p90 = errorTable(shared).find((s) => s.group === 'all')!.p90AbsPct;
    expect(p90).toBeGreaterThan(TARGETS['load-tpot']!.p90Pct);
  });

  it('the variants table: its first line is the fit itself, and a changed choice changes the runs', () => {
    const { cases } = mapLoadRows(loadMeasurements());
    const table = errorTable(evaluateCases(cases, COMMITTED_FACTORS));
    const asFitted = evaluateVariant(cases, COMMITTED_FACTORS, LOAD_VARIANTS[0]);
    expect(LOAD_VARIANTS[0].src ?? LOAD_VARIANTS[0].factors).toBeUndefined();
    for (const kind of LOAD_KINDS) {
      const all = table.find((s) => s.kind === kind && s.group === 'all')!;
      expect(asFitted.stats[kind].medianAbsPct).toBeCloseTo(all.medianAbsPct, 9);
      expect(asFitted.stats[kind].p90AbsPct).toBeCloseTo(all.p90AbsPct, 9);
    }
    expect(asFitted.knee3Hits).toBe(kneeAnalysis(evaluateCases(cases, COMMITTED_FACTORS)).knee3Hits);
    const shared = evaluateVariant(cases.filter((c) => c.kind === 'load-tpot'), COMMITTED_FACTORS, LOAD_VARIANTS.find((v) => v.label.startsWith('shared factors only'))!);
    expect(shared.stats['load-tpot'].p90AbsPct).toBeGreaterThan(asFitted.stats['load-tpot'].p90AbsPct);
    const md = variantsMarkdown([asFitted]).split('\n');
    expect(md).toHaveLength(3);
    expect(md[2]).toContain(`| as fitted | ${asFitted.stats['load-ttft'].medianAbsPct.toFixed(1)}% / `);
  });

  it('the load surrogate moves with the factors the way the simulation does', () => {
    const c = mapLoadRows(loadMeasurements()).cases.find((x) => x.id === 'L0090' && x.kind === 'load-tpot')!;
    const slower: CalibrationFactors = { ...COMMITTED_FACTORS, mbu: COMMITTED_FACTORS.mbu / 2 };
    const slowerAttention: CalibrationFactors = { ...COMMITTED_FACTORS, nim: { ...COMMITTED_FACTORS.nim, attentionFlopsPerByte: COMMITTED_FACTORS.nim.attentionFlopsPerByte / 2 } };
    const value = (f: CalibrationFactors, fn: typeof predictCase) => { const p = fn(c, f); return p.ok ? p.value : NaN; };
    for (const f of [slower, slowerAttention]) {
      expect(value(f, surrogateLoadCase)).toBeGreaterThan(value(COMMITTED_FACTORS, surrogateLoadCase));
      expect(value(f, predictCase)).toBeGreaterThan(value(COMMITTED_FACTORS, predictCase));
    }
  });
});
