import { format } from 'd3-format';
import type { RunResult, Scenario, Stats } from '../engine/types';
import { poolServers } from '../engine/levers/kvTransfer';
import { requestBreakdown } from '../engine/breakdown';
import type { ResolvedServing } from '../engine/engines/resolve';
import { schedulerConfig } from '../engine/scheduler/config';
import type { SweepPoint } from '../engine/sweep';
import { breakdownLeverLines, leversText } from './levers';

const num = format(',.1f');
const int = format(',d');

/** Milliseconds as text with a unit: ms below 10 s, s above. */
export function formatMs(ms: number): string {
  return ms >= 10_000 ? `${num(ms / 1000)} s` : `${num(ms)} ms`;
}

/** One statistic as a text row; "no data" when it has no samples (every request failed or was rejected). */
export function statRow(name: string, s: Stats): string {
  if (s.count === 0) return `  ${name.padEnd(6)} no data`;
  return `  ${name.padEnd(6)} mean ${formatMs(s.mean).padStart(11)}  p50 ${formatMs(s.p50).padStart(11)}  p90 ${formatMs(s.p90).padStart(11)}  p95 ${formatMs(s.p95).padStart(11)}  p99 ${formatMs(s.p99).padStart(11)}`;
}

/** The scheduler in one line: admission, batch limit, budget, chunking, and whose defaults they are. */
export function schedulerText(r: RunResult, serving?: ResolvedServing): string {
  const c = schedulerConfig(r.scenario);
  const budget = Number.isFinite(c.tokenBudget) ? `${int(c.tokenBudget)} tokens per step` : 'no token limit per step';
  const whose = serving?.engine ? `${serving.engine.version} defaults${serving.engineImplied ? ', the engine the lab runs on Apple silicon when none is chosen' : ''}` : 'lab defaults';
  const explicit = serving ? (Object.entries(serving.from).filter(([, o]) => o === 'explicit').map(([k]) => k)) : [];
  return `${c.admission} admission, batch limit ${int(c.maxBatch)}, ${budget}, prefill ${c.chunked ? 'chunked' : 'whole'} (${whose}${explicit.length ? `; set here: ${explicit.join(', ')}` : ''})`;
}

/** Which requests were counted, in one line. */
export function windowText(r: RunResult): string {
  const w = r.window;
  const left = [w.excludedWarmup && `${w.excludedWarmup} warm-up`, w.excludedRamp && `${w.excludedRamp} sent before the load filled`, w.excludedDrain && `${w.excludedDrain} finished while it drained`].filter(Boolean);
  const kind = w.kind === 'steady' ? 'steady-state window' : 'all requests';
  return `${kind}: ${int(w.counted)} of ${int(r.requests.length)} counted${left.length ? ` (left out: ${left.join(', ')})` : ''}${w.fallback ? `; steady window fell back to all: ${w.fallback}` : ''}`;
}

/** Human-readable `predict` report. */
export function predictText(r: RunResult, serving?: ResolvedServing): string {
  const s = r.scenario;
  const m = r.metrics;
  const load = s.load.kind === 'closed'
    ? `${s.load.users} user(s), closed loop`
    : s.load.kind === 'open'
      ? `rate ${s.load.ratePerSec === Infinity ? 'inf (all at t = 0)' : `${s.load.ratePerSec}/s`}, burstiness ${s.load.burstiness}`
      : `trace of ${s.load.sendTimesS.length} send times`;
  const rep = requestBreakdown(r, r.representativeId);
  const slo = [s.slo.ttftMs !== null && `TTFT ≤ ${s.slo.ttftMs} ms`, s.slo.tpotMs !== null && `TPOT ≤ ${s.slo.tpotMs} ms`, s.slo.e2eMs !== null && `E2E ≤ ${s.slo.e2eMs} ms`].filter(Boolean).join(', ') || 'none';
  const lines = [
    `Workload  ${s.workload.label}: ${int(s.workload.promptTokens)} in / ${int(s.workload.outputTokens)} out (±${Math.round(s.workload.spread * 100)}%)`,
    `Server    ${s.server.label}; network RTT ${s.networkRttMs} ms`,
    `Scheduler ${schedulerText(r, serving)}`,
    ...(leversText(s) ? [`Levers    ${leversText(s)}`] : []),
    `Load      ${load}; ${int(s.requests)} requests, seed ${s.seed}`,
    `Measured  ${windowText(r)}`,
    `SLO       ${slo}`,
    '',
    `Completed ${int(m.completed)} of ${int(r.window.counted)} counted requests in ${num(m.durationS)} s${m.rejected ? ` (${m.rejected} rejected: too large for KV memory)` : ''}`,
    statRow('TTFT', m.ttftMs),
    statRow('TPOT', m.tpotMs),
    statRow('ITL', m.itlMs),
    statRow('E2E', m.e2eMs),
    statRow('Queue', m.queueMs),
    `  Throughput ${num(m.outputTokPerSec)} tok/s, ${format(',.3f')(m.requestsPerSec)} req/s; per user ${num(m.userTokPerSec)} tok/s`,
    `  Goodput    ${format(',.3f')(m.goodputReqPerSec)} req/s (${format('.1%')(m.sloMetShare)} of requests met the SLO)`,
    `  Peak batch ${r.peakBatch} of ${s.server.maxBatch}; peak KV reserved ${int(r.peakKvReservedTokens)} of ${kvCapacityText(s, int)} tokens`,
  ];
  if (m.prefixHitRate !== undefined) lines.push(`  Prefix cache ${format('.1%')(m.prefixHitRate)} of prompt tokens found cached`);
  if ((m.preemptions ?? 0) > 0) lines.push(`  Preempted  ${int(m.preemptions ?? 0)} times (KV freed and ${int(m.recomputedTokens ?? 0)} tokens recomputed)`);
  if (rep) {
    lines.push(
      '',
      `Drawn request #${rep.id}, the timeline's (${int(rep.promptTokens)} in / ${int(rep.outputTokens)} out):`,
      `  TTFT ${formatMs(rep.ttftMs)} = network in ${formatMs(rep.networkInMs)} + queue ${formatMs(rep.queueMs)} + prefill ${formatMs(rep.prefillMs)} + network out ${formatMs(rep.networkOutMs)}`,
      `  E2E  ${formatMs(rep.e2eMs)} = TTFT + TPOT ${num(rep.tpotMs)} ms × (${int(rep.outputTokens)} − 1); ${rep.meetsSlo ? 'met the SLO' : 'missed the SLO'}`,
      ...breakdownLeverLines(rep, formatMs),
    );
  }
  return lines.join('\n');
}

/** A percentile for a table cell, or "no data". */
const cellMs = (s: Stats, p: 'p50' | 'p95'): string => (s.count === 0 ? 'no data' : formatMs(s[p])).padStart(10);

/** Human-readable `sweep` table. */
export function sweepText(points: readonly SweepPoint[]): string {
  const head = ' load      tok/s    req/s  goodput  TTFT p50   TTFT p95   TPOT p50   TPOT p95  batch  limit';
  const rows = points.map((p) => {
    const label = p.users !== null ? `${p.users} users` : p.ratePerSec === Infinity ? 'rate inf' : `${p.ratePerSec}/s`;
    const m = p.metrics;
    return [
      label.padEnd(9),
      num(m.outputTokPerSec).padStart(9),
      format(',.2f')(m.requestsPerSec).padStart(8),
      format(',.2f')(m.goodputReqPerSec).padStart(8),
      cellMs(m.ttftMs, 'p50'),
      cellMs(m.ttftMs, 'p95'),
      cellMs(m.tpotMs, 'p50'),
      cellMs(m.tpotMs, 'p95'),
      String(p.peakBatch).padStart(6),
      ` ${p.limitingFactor}${p.beyondCapacity ? ', beyond capacity (no steady state)' : ''}`,
    ].join(' ');
  });
  return [head, ...rows].join('\n');
}

/** The KV capacity of one instance, or of each pool's when the pools run at their own TP. */
function kvCapacityText(s: Scenario, int: (x: number) => string): string {
  const d = s.levers?.disaggregated;
  if (!d || (!d.prefillServer && !d.decodeServer)) return int(s.server.kvCapacityTokens);
  const { prefill, decode } = poolServers(s);
  return `${int(prefill.kvCapacityTokens)} (a prefill instance) / ${int(decode.kvCapacityTokens)} (a decode instance)`;
}
