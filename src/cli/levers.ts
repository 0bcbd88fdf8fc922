/** The CLI's view of the levers: their JSON fields, their lines of text, and a baseline comparison. */
import { format } from 'd3-format';
import type { RequestBreakdown } from '../engine/breakdown';
import { metricDeltas, type MetricDelta } from '../engine/compare';
import { clusterShape, leverConfig } from '../engine/levers/config';
import { handoffLink, poolServers } from '../engine/levers/kvTransfer';
import type { RunMetrics, RunResult, Scenario } from '../engine/types';
import type { SettingChange } from '../settings/pin';

const round = (x: number, digits = 3): number => Math.round(x * 10 ** digits) / 10 ** digits;
const num = format(',.1f');

/** The levers of a scenario and the cluster they make, every default filled in. */
export function leversJson(s: Scenario) {
  const c = leverConfig(s);
  const shape = clusterShape(s);
  const link = c.prefillInstances > 0 ? handoffLink(s) : null;
  const pools = poolServers(s);
  return {
    prefixCacheShare: c.prefixShare,
    prefixCache: c.prefixCache ? { ...c.prefixCache } : null,
    router: c.router,
    speculative: c.spec
      ? {
          tokens: c.spec.k, acceptance: round(c.spec.acceptance, 4), draftCost: c.spec.draftStepSeconds ? null : c.spec.draftCost, tokensPerStep: round(c.spec.perStep, 4),
          method: s.levers?.speculative?.method ?? 'custom', draft: s.levers?.speculative?.draftLabel ?? null, verifyTokens: c.spec.verifyTokens,
        }
      : null,
    replicas: c.prefillInstances > 0 ? 1 : c.roles.length,
    prefillInstances: c.prefillInstances,
    decodeInstances: c.prefillInstances > 0 ? c.roles.length - c.prefillInstances : 0,
    gpusPerInstance: shape.gpusPerInstance,
    gpus: shape.gpus,
    ...(c.prefillInstances > 0 ? { prefillTp: pools.prefill.gpus ?? 1, decodeTp: pools.decode.gpus ?? 1 } : {}),
    kvLink: link ? { label: link.label, bytesPerSecPerGpu: link.bytesPerSecPerGpu, bytesPerTokenPerGpu: link.bytesPerTokenPerGpu, latencyUs: round((link.latencyS ?? 0) * 1e6, 3) } : null,
  };
}

/** Every instance of a multi-instance run, or null for one instance. */
export function instancesJson(r: RunResult) {
  if (!r.instances) return null;
  const d = r.metrics.durationS;
  return r.instances.map((i, index) => ({
    index, role: i.role, gpus: i.gpus, routed: i.routed, peakBatch: i.peakBatch, peakKvReservedTokens: i.peakKvReservedTokens,
    batchLimitedShare: round(d > 0 ? i.limits.batchS / d : 0, 4), memoryLimitedShare: round(d > 0 ? i.limits.memoryS / d : 0, 4),
  }));
}

/** A run against its pinned baseline: what changed in the settings and in the headline metrics. */
export function comparisonJson(baseline: RunMetrics, current: RunMetrics, changes: readonly SettingChange[]) {
  return {
    changes,
    metrics: metricDeltas(baseline, current).map((d) => ({ ...d, baseline: round(d.baseline, 4), current: round(d.current, 4), delta: round(d.delta, 4), ratio: d.ratio === null ? null : round(d.ratio, 4) })),
  };
}

/** The levers in one line of text, or null when every lever is off. */
export function leversText(s: Scenario): string | null {
  const l = leversJson(s);
  const parts: string[] = [];
  if (l.prefixCacheShare > 0) parts.push(`prefix cache ${format('.0%')(l.prefixCacheShare)} of each prompt`);
  if (l.prefixCache) parts.push(`prefix cache in KV memory: ${l.prefixCache.groups} shared prefix(es) of ${l.prefixCache.prefixTokens} tokens, ${l.prefixCache.turns} turn(s) per conversation`);
  if (l.speculative) {
    const sp = l.speculative;
    const how = sp.method === 'custom' ? `draft cost ${sp.draftCost}` : `${sp.method} (${sp.draft}${sp.verifyTokens !== sp.tokens + 1 ? `, ${sp.verifyTokens}-token tree` : ''})`;
    parts.push(`speculative decoding K = ${sp.tokens}, acceptance ${sp.acceptance}, ${how} (≈ ${num(sp.tokensPerStep)} tokens a step)`);
  }
  if (l.prefillInstances > 0) {
    const tps = l.prefillTp === l.decodeTp ? '' : ` (prefill TP ${l.prefillTp}, decode TP ${l.decodeTp})`;
    const latency = l.kvLink && l.kvLink.latencyUs > 0 ? ` + ${l.kvLink.latencyUs} µs latency` : '';
    parts.push(`disaggregated: ${l.prefillInstances} prefill + ${l.decodeInstances} decode instance(s)${tps}, KV over ${l.kvLink?.label}${latency}`);
  }
  else if (l.replicas > 1) parts.push(`${l.replicas} replicas, ${l.router === 'prefix-aware' ? 'prefix-aware routing' : 'least outstanding requests'}`);
  if (parts.length === 0) return null;
  return `${parts.join('; ')}; ${l.gpus} GPU(s) in all`;
}

/** The breakdown's lever lines (saved prefill, KV hand-off), possibly none. */
export function breakdownLeverLines(b: RequestBreakdown, fmtMs: (ms: number) => string): string[] {
  const out: string[] = [];
  if (b.prefillInterferenceMs > 0 || b.preemptionStallMs > 0) {
    out.push(`  Decode ${fmtMs(b.decodeMs)} = own pace ${fmtMs(b.decodePaceMs)} + others' prefills ${fmtMs(b.prefillInterferenceMs)}${b.preemptionStallMs > 0 ? ` + preemption ${fmtMs(b.preemptionStallMs)}` : ''}${b.kvTransferMs > 0 ? ` + hand-off ${fmtMs(b.kvWaitMs + b.kvTransferMs + b.decodeQueueMs)}` : ''}`);
  }
  if (b.cachedTokens > 0) out.push(`  Prefix cache: ${b.cachedTokens} prompt tokens cached; prefilling them too would have taken ${fmtMs(b.prefillSavedMs)} more`);
  if (b.prefillInstance >= 0 && b.outputTokens > 1) {
    out.push(`  Hand-off: prefill instance ${b.prefillInstance} → decode instance ${b.instance}: link wait ${fmtMs(b.kvWaitMs)} + KV transfer ${fmtMs(b.kvTransferMs)} + decode queue ${fmtMs(b.decodeQueueMs)} before its second token`);
  }
  return out;
}

const LABELS: Record<MetricDelta['id'], string> = {
  ttftP50Ms: 'TTFT p50', ttftP95Ms: 'TTFT p95', tpotP50Ms: 'TPOT p50', tpotP95Ms: 'TPOT p95', e2eP50Ms: 'E2E p50', e2eP95Ms: 'E2E p95',
  outputTokPerSec: 'Throughput tok/s', userTokPerSec: 'Per user tok/s', requestsPerSec: 'Requests/s', goodputReqPerSec: 'Goodput req/s', sloMetShare: 'Met the SLO',
};

/** The baseline → now table as text. */
export function comparisonText(baseline: RunMetrics, current: RunMetrics, changes: readonly SettingChange[]): string {
  const fmt = (id: MetricDelta['id'], x: number): string => (id === 'sloMetShare' ? format('.1%')(x) : id.endsWith('Ms') ? (x >= 10_000 ? `${num(x / 1000)} s` : `${num(x)} ms`) : format(',.2f')(x));
  const changed = changes.map((c) => `${c.key} ${c.baseline ?? 'default'} → ${c.current ?? 'default'}`).join(', ') || 'nothing';
  const rows = metricDeltas(baseline, current).map((d) => {
    const times = d.ratio === null ? '' : ` (× ${format('.2f')(d.ratio)})`;
    return `  ${LABELS[d.id].padEnd(17)} ${fmt(d.id, d.baseline).padStart(10)} → ${fmt(d.id, d.current).padStart(10)}${times}`;
  });
  return [`Against the pinned baseline (changed: ${changed}):`, ...rows].join('\n');
}
