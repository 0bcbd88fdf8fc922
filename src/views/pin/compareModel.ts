/**
 * Baseline → now, as the page words it: the five headline numbers with their
 * change (Δ) and ratio (×), and the settings that changed, named as the
 * controls name them. Pure: the cards, the timeline and tests read it.
 */
import type { RequestBreakdown } from '../../engine/breakdown';
import type { RunMetrics } from '../../engine/types';
import { PARAMS, type Settings } from '../../settings/schema';
import type { SettingChange } from '../../settings/pin';
import { formatMs, formatRatio, formatReqPerSec, formatTokPerSec, NO_VALUE } from '../common/format';

export { formatRatio };

/** The compared numbers, by the readout they sit beside (their baseline readouts are `baseline-<id>`). */
export type ComparedId = 'ttft' | 'tpot' | 'e2e' | 'system-throughput' | 'goodput';

/** One number before and after, worded. */
export interface Comparison {
  id: ComparedId;
  baseline: number | null;
  current: number | null;
  baselineText: string;
  currentText: string;
  /** "−725 ms", "+2.1 tok/s", "no change"; "—" when either side is missing. */
  deltaText: string;
  /** "0.18×"; "—" when either side is missing or the baseline is 0. */
  ratioText: string;
  /** Whether now is better than the baseline (lower latency, higher throughput); null when equal or unknown. */
  better: boolean | null;
}

const ok = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);

const UNIT: Record<ComparedId, (x: number | null) => string> = {
  ttft: formatMs,
  tpot: formatMs,
  e2e: formatMs,
  'system-throughput': formatTokPerSec,
  goodput: formatReqPerSec,
};

/** Relative change under which two numbers read as equal (the same run gives exactly the same numbers). */
const SAME = 1e-9;

/** One number before and after: the change, the ratio and which way is better. */
export function compare(id: ComparedId, baseline: number | null, current: number | null): Comparison {
  const fmt = UNIT[id];
  const lowerIsBetter = id === 'ttft' || id === 'tpot' || id === 'e2e';
  const base = { id, baseline: ok(baseline) ? baseline : null, current: ok(current) ? current : null, baselineText: fmt(baseline), currentText: fmt(current) };
  if (!ok(baseline) || !ok(current)) return { ...base, deltaText: NO_VALUE, ratioText: NO_VALUE, better: null };
  const delta = current - baseline;
  const same = Math.abs(delta) <= SAME * Math.max(Math.abs(baseline), Math.abs(current), 1e-12);
  const ratioText = baseline > 0 ? formatRatio(current / baseline) : NO_VALUE;
  if (same) return { ...base, deltaText: 'no change', ratioText: baseline > 0 ? '1×' : NO_VALUE, better: null };
  const sign = delta > 0 ? '+' : '−';
  return { ...base, deltaText: `${sign}${fmt(Math.abs(delta))}`, ratioText, better: lowerIsBetter ? delta < 0 : delta > 0 };
}

/** What the cards compare: the drawn requests' two clocks and E2E, the runs' throughput and goodput. */
export function compareRuns(
  baseline: { rep: Pick<RequestBreakdown, 'ttftMs' | 'tpotMs' | 'e2eMs' | 'outputTokens'> | null; metrics: RunMetrics },
  current: { rep: Pick<RequestBreakdown, 'ttftMs' | 'tpotMs' | 'e2eMs' | 'outputTokens'> | null; metrics: RunMetrics },
): Record<ComparedId, Comparison> {
  const tpot = (r: typeof baseline.rep) => (r && r.outputTokens > 1 ? r.tpotMs : null);
  return {
    ttft: compare('ttft', baseline.rep?.ttftMs ?? null, current.rep?.ttftMs ?? null),
    tpot: compare('tpot', tpot(baseline.rep), tpot(current.rep)),
    e2e: compare('e2e', baseline.rep?.e2eMs ?? null, current.rep?.e2eMs ?? null),
    'system-throughput': compare('system-throughput', baseline.metrics.outputTokPerSec, current.metrics.outputTokPerSec),
    goodput: compare('goodput', baseline.metrics.goodputReqPerSec, current.metrics.goodputReqPerSec),
  };
}

/** Names of the settings as the controls call them (a key not listed shows as its link key). */
const NAMES: Record<string, string> = {
  workload: 'workload', prompt: 'prompt', output: 'answer', spread: 'length spread', load: 'load', users: 'users', rate: 'arrival rate',
  burstiness: 'burstiness', thinkMs: 'think time', requests: 'requests', seed: 'seed', ttftSlo: 'TTFT target', tpotSlo: 'TPOT target',
  e2eSlo: 'E2E target', server: 'server', customTtftMs: 'custom TTFT', customTokPerSec: 'custom pace', model: 'model', gpu: 'GPU',
  precision: 'precision', tp: 'tensor parallel', kvPrecision: 'KV precision', engine: 'engine', maxBatch: 'batch limit',
  tokenBudget: 'token budget', chunkedPrefill: 'chunked prefill', gpuMemoryUtilization: 'GPU memory share', admission: 'admission',
  window: 'measured window', warmup: 'warm-up', networkMs: 'network round trip', prefixCacheShare: 'prefix cache share',
  specTokens: 'draft tokens (K)', specAcceptance: 'acceptance', specDraftCost: 'draft cost', replicas: 'replicas',
  prefillGpus: 'prefill GPUs', decodeGpus: 'decode GPUs', prefillTp: 'prefill TP', decodeTp: 'decode TP', kvLink: 'KV link',
};

const UNITS: Record<string, string> = { thinkMs: ' ms', ttftSlo: ' ms', tpotSlo: ' ms', e2eSlo: ' ms', customTtftMs: ' ms', networkMs: ' ms', customTokPerSec: ' tok/s', rate: ' req/s' };

/** One changed setting, worded: "prefix cache share 0 → 0.9". */
export interface ChangeItem {
  key: string;
  name: string;
  before: string;
  after: string;
}

/** A setting's value as the link writes it, or, when the link leaves it out, its value in `settings` written the same way. */
function shown(key: string, value: string | null, settings: Settings): string {
  let v = value;
  if (v === null) {
    const p = PARAMS.find((q) => q.key === key);
    const raw = (settings as unknown as Record<string, unknown>)[key];
    v = p && raw !== undefined ? p.kind.serialize(raw) : 'default';
  }
  if (v === 'off' || v === 'auto' || v === 'default' || v === 'inf') return v === 'inf' ? '∞' : v;
  return `${v}${UNITS[key] ?? ''}`;
}

/** The changed settings, worded, in schema order. */
export function changeItems(changes: readonly SettingChange[], baseline: Settings, current: Settings): ChangeItem[] {
  return changes.map((c) => ({ key: c.key, name: NAMES[c.key] ?? c.key, before: shown(c.key, c.baseline, baseline), after: shown(c.key, c.current, current) }));
}

/** The changes in one line: "prefix cache share 0 → 0.9; replicas 1 → 2", or that nothing changed. */
export function changesSentence(items: readonly ChangeItem[]): string {
  if (items.length === 0) return 'Nothing changed yet: change a setting to compare with the pinned run.';
  const shownItems = items.slice(0, 4).map((i) => `${i.name} ${i.before} → ${i.after}`);
  const more = items.length > 4 ? `, and ${items.length - 4} more` : '';
  return `Changed: ${shownItems.join('; ')}${more}.`;
}

/** A short sentence for screen readers and titles: "TTFT 887 ms → 162 ms (−725 ms, 0.18×)". */
export function comparisonSentence(name: string, c: Comparison): string {
  if (c.deltaText === 'no change') return `${name} ${c.currentText}, the same as the pinned run`;
  return `${name} ${c.baselineText} → ${c.currentText} (${c.deltaText}, ${c.ratioText})`;
}

/**
 * Before and after in one sentence, about what the user feels: when the drawn
 * request's first token and last token come against the pinned run's. Null
 * when either run has no drawn request.
 */
export function pinSummary(c: Pick<Record<ComparedId, Comparison>, 'ttft' | 'e2e'>): string | null {
  const { ttft, e2e } = c;
  if (ttft.baseline === null || ttft.current === null || e2e.baseline === null || e2e.current === null) return null;
  const same = (x: Comparison) => x.deltaText === 'no change';
  const by = (x: Comparison) => `${formatMs(Math.abs(x.current! - x.baseline!))} ${x.current! < x.baseline! ? 'sooner' : 'later'}`;
  const first = same(ttft) ? "at the same time as the pinned run's" : `${by(ttft)} than the pinned run's`;
  const last = same(e2e) ? 'at the same time' : by(e2e);
  return `The drawn request's first token comes ${first}, and its last ${last} (${e2e.baselineText} → ${e2e.currentText}).`;
}
