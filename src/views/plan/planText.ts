/** The words the Plan section writes about a configuration (pure, so tests and the table agree). */
import { enginePreset } from '../../engine/engines/presets';
import { GPUS, MODELS } from '../../engine/profiles/catalog';
import { NEAR_KNEE } from '../../plan/search';
import type { InputAtWorstEnd } from '../../plan/rangeCheck';
import { BUILT_IN_TRACES } from '../../import/traceCatalog';
import type { PlannedConfig, PlanRequest, PlanTrace } from '../../plan/types';
import { format } from 'd3-format';
import { formatMs, formatReqPerSec } from '../chart/format';
import { formatCount, formatShare } from '../common/format';

const gpuLabel = (id: string) => GPUS.find((g) => g.id === id)?.label ?? id;

/**
 * "2 replicas of 2 × H100 SXM 80GB, fp8", "H100 SXM 80GB, bf16", or "1 prefill + 2 decode of L40S 48GB, bf16";
 * with `withModel` (a plan of several models), the model first: "Llama-3.1-8B: H100 SXM 80GB, fp8".
 */
export function shapeText(c: PlannedConfig, withModel = false): string {
  const inst = c.tp > 1 ? `${c.tp} × ${gpuLabel(c.gpu)}` : gpuLabel(c.gpu);
  const model = withModel ? `${MODELS.find((m) => m.id === c.model)?.label ?? c.model}: ` : '';
  if (c.disaggregated) return `${model}${c.disaggregated.prefillInstances} prefill + ${c.disaggregated.decodeInstances} decode of ${inst}, ${c.precision}`;
  return `${model}${c.replicas > 1 ? `${c.replicas} replicas of ` : ''}${inst}, ${c.precision}`;
}

/** The engine's label. */
export function engineText(c: PlannedConfig): string {
  return enginePreset(c.engine)?.label ?? c.engine;
}

const tenth = format(',.1f');

/** A range of ms: tenths below 100 ms, so a range that crosses a target never prints its end as the target ("35.2 ms" against 35 ms, not "35 ms"). */
export function msRange([lo, hi]: readonly [number, number], joiner = '–'): string {
  if (Number.isFinite(hi) && hi < 100) return `${tenth(lo)}${joiner}${tenth(hi)} ms`;
  if (Number.isFinite(hi) && hi < 1000) return `${Math.round(lo)}${joiner}${Math.round(hi)} ms`;
  return `${formatMs(lo)}${joiner}${formatMs(hi)}`;
}

/** An input alone at its unfavourable end, in words: "every step 21% slower". */
function worstEndText(x: InputAtWorstEnd): string {
  if (x.input === 'stepCost') return `every step ${Math.round((x.value - 1) * 100)}% slower`;
  if (x.input === 'prefillCost') return `the prefill part of every step ${Math.round((x.value - 1) * 100)}% slower`;
  if (x.input === 'kvCapacity') return `the KV cache at the low end of its range (${formatCount(x.value)} tokens)`;
  return `a front end of ${formatMs(x.value)} per request`;
}

/** Why the ranges put a configuration near its knee, naming the input the verdict hangs on; null when they do not. */
export function rangeReason(c: PlannedConfig, req: PlanRequest): string | null {
  const v = c.ranges;
  if (!v || v.crosses.length === 0) return null;
  const parts = v.crosses.map((t) => {
    if (t === 'ttftP90') return `p90 TTFT runs ${msRange(v.ttftP90Ms, ' to ')} against the ${formatMs(req.ttftSloMs)} target`;
    if (t === 'tpotP90') return `p90 TPOT runs ${msRange(v.tpotP90Ms, ' to ')} against the ${formatMs(req.tpotSloMs)} target`;
    if (t === 'inTime') return `${formatShare(v.inTimeShare[0])} to ${formatShare(v.inTimeShare[1])} of requests are in time against the ${formatShare(req.inTimeShare)} asked`;
    return 'some requests are not served at all';
  });
  const top = v.sensitivity[0];
  const hang = top
    ? ` The verdict hangs on ${worstEndText(top)}: ${top.meets ? 'no input alone misses, but this one comes closest.' : 'that alone misses.'}`
    : '';
  return `At the edges of what the lab is unsure of (the ranges on the lab's cards), ${parts.join('; ')}: near its knee.${hang}`;
}

/** Why a configuration is flagged near its knee (its ranges, then its headroom), or null. */
export function kneeReason(c: PlannedConfig, req: PlanRequest): string | null {
  if (!c.nearKnee) return null;
  const reasons: string[] = [];
  const ranged = rangeReason(c, req);
  if (ranged) reasons.push(ranged);
  if (c.kneeReasons.includes('headroom'))
    reasons.push(`It sustains ${formatReqPerSec(c.sustainedReqPerSec)}, less than ${NEAR_KNEE} × the asked ${formatReqPerSec(req.ratePerSec)}: near its knee, where a few percent more traffic, or a little less memory or speed than the model assumes, make requests queue.`);
  return reasons.join(' ');
}

/** A metric's range at the edges of what the lab is unsure of, at the asked rate, and whether it crosses its target. */
export interface EdgeRange {
  range: string;
  crosses: boolean;
  target: string;
}

/** The ranges shown under a row's p90 TTFT, p90 TPOT and share in time; null when the row was not checked. */
export function edgeRanges(c: PlannedConfig, req: PlanRequest): { ttft: EdgeRange; tpot: EdgeRange; inTime: EdgeRange } | null {
  const v = c.ranges;
  if (!v) return null;
  return {
    ttft: { range: msRange(v.ttftP90Ms), crosses: v.crosses.includes('ttftP90'), target: formatMs(req.ttftSloMs) },
    tpot: { range: msRange(v.tpotP90Ms), crosses: v.crosses.includes('tpotP90'), target: formatMs(req.tpotSloMs) },
    inTime: { range: `${formatShare(v.inTimeShare[0])}–${formatShare(v.inTimeShare[1])}`, crosses: v.crosses.includes('inTime') || v.crosses.includes('completion'), target: formatShare(req.inTimeShare) },
  };
}

/** A plan's trace in words: which built-in and the slice ("Azure coding service (2023), 0–120 s"), else the file predict reads. */
export function traceText(t: PlanTrace): string {
  if (!t.builtIn) return `the trace ${t.predict[1] ?? ''}`;
  const w = t.builtIn.window;
  const slice = w.fromS === 0 && w.toS === null ? 'the whole trace' : w.toS === null ? `from ${w.fromS} s to the end` : `${w.fromS}–${w.toS} s`;
  return `${BUILT_IN_TRACES[t.builtIn.id].short}, ${slice}`;
}
