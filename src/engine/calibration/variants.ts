/**
 * The evidence behind the choices of `NIM_LOAD` and NIM's own factors: the
 * runs under load simulated again with one choice changed at a time, the
 * factors otherwise as fitted. `npm run calibrate` prints the table into
 * docs/calibration.md, so each claim there is regenerated with the fit.
 */
import { sharedOnly, type CalibrationFactors, type NimFactorKey } from './factors';
import { kneeAnalysis } from './knee';
import { NIM_LOAD, predictLoadCase, setupFor, type LoadSourceSettings } from './load';
import { LOAD_KINDS, type CalibrationCase, type CaseKind } from './mapping';
import { summarizeErrors, type CaseResult } from './report';

/** One alternative: different source settings, or different factors for the NIM runs. */
export interface LoadVariant {
  label: string;
  src?: Partial<LoadSourceSettings>;
  factors?: (f: CalibrationFactors) => CalibrationFactors;
}

const withShared = (key: NimFactorKey) => (f: CalibrationFactors): CalibrationFactors => ({ ...f, nim: { ...f.nim, [key]: f[key] } });

/** The alternatives the report compares, the fitted setup first. */
export const LOAD_VARIANTS: readonly LoadVariant[] = [
  { label: 'as fitted' },
  { label: 'prompt batches in steps of their own, decodes waiting', src: { mixedBatches: false } },
  {
    label: 'the earlier setup: prompt batches alone, 16,384 tokens, no front end, 4 ms, no jitter',
    src: { mixedBatches: false, tokenBudget: 16384, frontendMs: 0, networkRttMs: 4, networkJitter: 0 },
  },
  { label: 'step budget 8,192 tokens', src: { tokenBudget: 8192 } },
  { label: 'step budget 16,384 tokens', src: { tokenBudget: 16384 } },
  { label: 'step budget 65,536 tokens', src: { tokenBudget: 65536 } },
  { label: 'no front end (its 1 ms moved to the round trip)', src: { frontendMs: 0, networkRttMs: NIM_LOAD.networkRttMs + (NIM_LOAD.frontendMs ?? 0) } },
  { label: 'front end 2 ms per request', src: { frontendMs: 2, networkRttMs: Math.max(0, NIM_LOAD.networkRttMs - 1) } },
  { label: 'no network jitter', src: { networkJitter: 0 } },
  { label: '8 requests per user (steady window twice as long)', src: { requestsPerUser: 8, minRequests: 80 } },
  { label: 'another seed', src: { seed: 2 } },
  { label: "shared factors only (none of NIM's own)", factors: sharedOnly },
  { label: 'shared decode-attention rate', factors: withShared('attentionFlopsPerByte') },
  { label: 'shared per-iteration overhead', factors: withShared('iterationOverheadS') },
];

/** Errors of one variant: median and p90 absolute error per load metric, and knee hits. */
export interface VariantOutcome {
  label: string;
  stats: Record<CaseKind, { medianAbsPct: number; p90AbsPct: number }>;
  knee3Hits: number;
  knee10Hits: number;
  curves: number;
}

/** Simulates `cases` (runs under load) under `v`. */
export function evaluateVariant(cases: readonly CalibrationCase[], factors: CalibrationFactors, v: LoadVariant): VariantOutcome {
  const f = v.factors ? v.factors(factors) : factors;
  const results: CaseResult[] = cases.map((c) => {
    const src: LoadSourceSettings = v.src ? { ...setupFor(c), ...v.src } : setupFor(c);
    const p = predictLoadCase(c, f, src);
    return p.ok ? { case: c, predicted: p.value, error: p.value / c.measured - 1, notes: [] } : { case: c, predicted: null, error: null, notes: [p.reason] };
  });
  const stats = {} as VariantOutcome['stats'];
  for (const kind of LOAD_KINDS) {
    const s = summarizeErrors(kind, 'all', results.filter((r) => r.case.kind === kind));
    stats[kind] = { medianAbsPct: s.medianAbsPct, p90AbsPct: s.p90AbsPct };
  }
  const knees = kneeAnalysis(results);
  return { label: v.label, stats, knee3Hits: knees.knee3Hits, knee10Hits: knees.knee10Hits, curves: knees.curves.length };
}

/** Markdown table of variant outcomes. */
export function variantsMarkdown(rows: readonly VariantOutcome[]): string {
  const cell = (s: { medianAbsPct: number; p90AbsPct: number }): string => `${s.medianAbsPct.toFixed(1)}% / ${s.p90AbsPct.toFixed(1)}%`;
  const head = '| Runs under load simulated with | TTFT (median / p90) | TPOT (median / p90) | Throughput (median / p90) | 3× knee | 10× knee |';
  const body = rows.map((r) => `| ${r.label} | ${cell(r.stats['load-ttft'])} | ${cell(r.stats['load-tpot'])} | ${cell(r.stats['load-throughput'])} | ${r.knee3Hits} / ${r.curves} | ${r.knee10Hits} / ${r.curves} |`);
  return [head, '| --- | ---: | ---: | ---: | ---: | ---: |', ...body].join('\n');
}
