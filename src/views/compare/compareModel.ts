import type { RunMetrics, Slo, Stats } from '../../engine/types';
import { prepareRun } from '../../import/metrics';
import type { ImportedRun, RunPoint } from '../../import/types';
import { NO_VALUE, formatMs, formatReqPerSec, formatShare, formatTokPerSec } from '../common/format';

export type { RunPoint } from '../../import/types';

/** One row of the comparison table: the same metric for the simulated and the real run (and the real run replayed, once it is). */
export interface CompareRow {
  key: string;
  label: string;
  simulated: string;
  real: string;
  /** The real run's own requests replayed on the lab's server; absent until a replay has run. */
  replayed?: string;
}

const stat = (m: RunMetrics | null, pick: (m: RunMetrics) => Stats, p: 'p50' | 'p95' | 'p99'): string => {
  if (!m) return NO_VALUE;
  const s = pick(m);
  return s.count === 0 ? 'no data' : formatMs(s[p]);
};

/**
 * The comparison table: TTFT, TPOT, ITL, E2E at p50/p95/p99, then
 * throughput, goodput and the share of requests meeting the SLO.
 * A missing run, or a statistic without data (ITL of an llmperf file), shows as such.
 * With `replayed`, each row also holds the replayed run's value.
 */
export function compareRows(simulated: RunMetrics | null, real: RunMetrics | null, replayed?: RunMetrics | null): CompareRow[] {
  const rows = baseRows(simulated, real);
  if (!replayed) return rows;
  // The same rows of the replayed run, as a third column.
  const third = baseRows(replayed, null);
  return rows.map((r, i) => ({ ...r, replayed: third[i].simulated }));
}

function baseRows(simulated: RunMetrics | null, real: RunMetrics | null): CompareRow[] {
  const rows: CompareRow[] = [];
  const latencies: [string, string, (m: RunMetrics) => Stats][] = [
    ['ttft', 'TTFT', (m) => m.ttftMs],
    ['tpot', 'TPOT', (m) => m.tpotMs],
    ['itl', 'ITL', (m) => m.itlMs],
    ['e2e', 'E2E', (m) => m.e2eMs],
  ];
  for (const [key, label, pick] of latencies) {
    for (const p of ['p50', 'p95', 'p99'] as const) rows.push({ key: `${key}-${p}`, label: `${label} ${p}`, simulated: stat(simulated, pick, p), real: stat(real, pick, p) });
  }
  const value = (m: RunMetrics | null, f: (m: RunMetrics) => string) => (m ? f(m) : NO_VALUE);
  rows.push(
    { key: 'throughput', label: 'Output throughput', simulated: value(simulated, (m) => formatTokPerSec(m.outputTokPerSec)), real: value(real, (m) => formatTokPerSec(m.outputTokPerSec)) },
    { key: 'requests', label: 'Request throughput', simulated: value(simulated, (m) => formatReqPerSec(m.requestsPerSec)), real: value(real, (m) => formatReqPerSec(m.requestsPerSec)) },
    { key: 'goodput', label: 'Goodput', simulated: value(simulated, (m) => formatReqPerSec(m.goodputReqPerSec)), real: value(real, (m) => formatReqPerSec(m.goodputReqPerSec)) },
    { key: 'slo-share', label: 'Requests meeting the SLO', simulated: value(simulated, (m) => formatShare(m.sloMetShare)), real: value(real, (m) => formatShare(m.sloMetShare)) },
    { key: 'completed', label: 'Completed (failed)', simulated: value(simulated, (m) => `${m.completed} (${m.rejected})`), real: value(real, (m) => `${m.completed} (${m.rejected})`) },
  );
  return rows;
}

/** A run's verdict against the SLO, judged on p95 as SLOs are written ("p95 TTFT ≤ 500 ms"). */
export interface RunVerdict {
  met: boolean;
  /** Starts with "Met" or "Missed". */
  headline: string;
  /** The share of requests meeting every target, and goodput against throughput. */
  detail: string;
}

/** Verdict of a run: every target that is set must hold at p95 (inclusive). */
export function runVerdict(m: RunMetrics, slo: Slo): RunVerdict {
  if (m.completed === 0) return { met: false, headline: 'Missed: no request completed', detail: 'Every request failed.' };
  const checks: [string, Stats, number | null][] = [['TTFT', m.ttftMs, slo.ttftMs], ['TPOT', m.tpotMs, slo.tpotMs], ['E2E', m.e2eMs, slo.e2eMs]];
  const set = checks.filter(([, s, t]) => t !== null && s.count > 0);
  const detail = `${formatShare(m.sloMetShare)} of completed requests met every target: goodput ${formatReqPerSec(m.goodputReqPerSec)} out of ${formatReqPerSec(m.requestsPerSec)} of throughput.`;
  if (set.length === 0) return { met: true, headline: 'Met: no targets are set', detail };
  const misses = set.filter(([, s, t]) => !(s.p95 <= (t as number)));
  const text = (list: typeof set, op: string) => list.map(([name, s, t]) => `p95 ${name} ${formatMs(s.p95)} ${op} ${formatMs(t as number)}`).join(', ');
  return misses.length === 0
    ? { met: true, headline: `Met at p95: ${text(set, '≤')}`, detail }
    : { met: false, headline: `Missed at p95: ${text(misses, '>')}`, detail };
}

/**
 * The run as one point for the throughput curve: its output throughput, its
 * load (configured concurrency or rate, else the observed mean in flight or request rate),
 * and TTFT/TPOT p50/p95. Pass `metrics` (and the completed requests' E2E,
 * e.g. `PreparedRun.samples.e2eMs`) when already computed: a run kept in the
 * import worker has no requests on the page.
 */
export function importedRunPoint(run: ImportedRun, metrics: RunMetrics = prepareRun(run).base, completedE2eMs?: readonly number[]): RunPoint {
  let sumE2eMs = 0;
  if (completedE2eMs) for (const e of completedE2eMs) sumE2eMs += e;
  else for (const r of run.requests) if (r.error === null) sumE2eMs += r.e2eMs;
  return {
    label: run.label,
    outputTokPerSec: metrics.outputTokPerSec,
    concurrency: run.load.concurrency,
    ratePerSec: run.load.ratePerSec,
    requestsPerSec: metrics.requestsPerSec,
    meanInFlight: run.durationS > 0 ? sumE2eMs / 1000 / run.durationS : 0,
    ttftP50Ms: metrics.ttftMs.p50,
    ttftP95Ms: metrics.ttftMs.p95,
    tpotP50Ms: metrics.tpotMs.p50,
    tpotP95Ms: metrics.tpotMs.p95,
  };
}
