/**
 * The edges of what the lab is unsure of, as scenarios: the same scenario
 * (same seed, same requests) on a server whose KV capacity, step costs and
 * front end sit at one end of their spreads. The server is changed through
 * its `ServerProfile` (every replica and disaggregated instance runs that
 * profile) and, for the step cost, a speculative draft's own step cost too,
 * never by editing a run's results.
 */
import type { IterationWork, Scenario, ServerProfile } from '../types';
import type { PredictionSpreads } from './spreads';

/** The four inputs the lab is unsure of. */
export type UncertainInput = 'kvCapacity' | 'stepCost' | 'prefillCost' | 'frontend';

/** Every uncertain input, in the order reports list them. */
export const UNCERTAIN_INPUTS: readonly UncertainInput[] = ['kvCapacity', 'stepCost', 'prefillCost', 'frontend'];

/**
 * Front end in ms per request assumed where a scenario has none: the 1 ms the
 * calibration reads off its runs under load (`NIM_LOAD.frontendMs`), so the
 * `frontend` spread has something to scale.
 */
export const FRONTEND_FLOOR_MS = 1;

/** One edge: a multiplier on each input (1 = as the scenario has it). */
export interface EdgeMultipliers {
  kvCapacity: number;
  /** On every iteration's whole cost. */
  stepCost: number;
  /** On the prefill part of an iteration's cost only (see `prefillScaledSeconds`). */
  prefillCost: number;
  frontend: number;
}

/** The scenario as it is: every multiplier 1. */
export const AS_GIVEN: EdgeMultipliers = { kvCapacity: 1, stepCost: 1, prefillCost: 1, frontend: 1 };

/** `w` without its prefill chunks: the decode steps alone. */
function decodeOnly(w: IterationWork): IterationWork {
  const out: IterationWork = { prefillTokens: 0, prefillAttentionPairs: 0, prefillContextTokens: 0, prefillSeqs: 0, decodeSeqs: w.decodeSeqs, decodeKvTokens: w.decodeKvTokens };
  if (w.decodeQueryTokens !== undefined) out.decodeQueryTokens = w.decodeQueryTokens;
  return out;
}

/**
 * Seconds of iteration `w` with its prefill part scaled by `multiplier`: the
 * prefill part is what the chunks add to the same iteration's decode steps
 * alone (all of it when nothing decodes), so an iteration without prefill
 * costs exactly what `cost` says and a decode's pace moves only where it
 * shares a step with a prefill. Profile-agnostic: the roofline's p-norm and
 * a custom server's linear cost are both cut the same way.
 */
export function prefillScaledSeconds(cost: (w: IterationWork) => number, w: IterationWork, multiplier: number): number {
  const full = cost(w);
  if (multiplier === 1 || w.prefillTokens <= 0) return full;
  const decodeS = w.decodeSeqs > 0 ? cost(decodeOnly(w)) : 0;
  return decodeS + multiplier * (full - decodeS);
}

/**
 * Front-end cost of an edge, ms per request. A scenario with a front end has
 * it scaled; one without keeps none at or below 1 and gets
 * `FRONTEND_FLOOR_MS` × the multiplier above 1 (a real server's front end is
 * never free, but the lab cannot say it is smaller than none).
 */
export function edgeFrontendMs(s: Scenario, multiplier: number): number {
  const own = s.frontendMs ?? 0;
  if (own > 0) return own * multiplier;
  return multiplier > 1 ? FRONTEND_FLOOR_MS * multiplier : 0;
}

/** `s` with its server and front end at the edge `m`; `m` = AS_GIVEN returns `s` itself. */
export function edgeScenario(s: Scenario, m: EdgeMultipliers): Scenario {
  if (m.kvCapacity === 1 && m.stepCost === 1 && m.prefillCost === 1 && m.frontend === 1) return s;
  const step = m.stepCost;
  const prefill = m.prefillCost;
  const atEdge = (base: ServerProfile, kvCapacityTokens: number): ServerProfile => {
    const own = (w: IterationWork): number => base.iterationSeconds(w);
    return {
      ...base,
      id: `${base.id}~kv${m.kvCapacity}/step${step}${prefill === 1 ? '' : `/prefill${prefill}`}`,
      kvCapacityTokens,
      iterationSeconds:
        step === 1 && prefill === 1
          ? base.iterationSeconds
          : prefill === 1
            ? (w: IterationWork): number => base.iterationSeconds(w) * step
            : (w: IterationWork): number => prefillScaledSeconds(own, w, prefill) * step,
    };
  };
  const server = atEdge(s.server, edgeKvTokens(s, m));
  const frontendMs = edgeFrontendMs(s, m.frontend);
  const out: Scenario = { ...s, server };
  // Disaggregated pools at their own TP: the same spreads apply to their servers.
  const d = s.levers?.disaggregated;
  if (d && (d.prefillServer || d.decodeServer)) {
    const pool = (q: ServerProfile): ServerProfile => atEdge(q, Math.max(1, Math.floor(q.kvCapacityTokens * m.kvCapacity)));
    out.levers = { ...s.levers, disaggregated: { ...d, ...(d.prefillServer ? { prefillServer: pool(d.prefillServer) } : {}), ...(d.decodeServer ? { decodeServer: pool(d.decodeServer) } : {}) } };
  }
  const spec = s.levers?.speculative;
  // A draft model or EAGLE head prices its steps on its own roofline, not the
  // server's: the step-cost spread is about the GPU's kernels, so it scales
  // the draft's steps too (a `custom` draft is priced off the server's step
  // and is scaled through it already).
  const draftStep = spec?.draftStepSeconds;
  if (spec && draftStep && step !== 1) {
    out.levers = { ...out.levers, speculative: { ...spec, draftStepSeconds: (seqs: number, kvTokens: number): number => draftStep(seqs, kvTokens) * step } };
  }
  if (frontendMs > 0) out.frontendMs = frontendMs;
  else delete out.frontendMs;
  return out;
}

/**
 * The two joint corners: every input at the end that makes TTFT lowest
 * (more KV, cheaper steps, lighter front end) and highest.
 */
export function cornerEdges(sp: PredictionSpreads): { low: EdgeMultipliers; high: EdgeMultipliers } {
  return {
    low: { kvCapacity: sp.kvCapacity[1], stepCost: sp.stepCost[0], prefillCost: sp.prefillCost[0], frontend: sp.frontend[0] },
    high: { kvCapacity: sp.kvCapacity[0], stepCost: sp.stepCost[1], prefillCost: sp.prefillCost[1], frontend: sp.frontend[1] },
  };
}

/** The two ends of one input alone, the others as given: [the end that lowers TTFT, the end that raises it]. */
export function inputEnds(sp: PredictionSpreads, input: UncertainInput): [EdgeMultipliers, EdgeMultipliers] {
  const [lo, hi] = sp[input];
  // More KV lowers TTFT; a higher step cost, prefill cost or front end raises it.
  const ends = input === 'kvCapacity' ? [hi, lo] : [lo, hi];
  return [{ ...AS_GIVEN, [input]: ends[0] }, { ...AS_GIVEN, [input]: ends[1] }];
}

/** KV capacity of edge `m`, tokens: the scenario's scaled, at least 1. */
export function edgeKvTokens(s: Scenario, m: EdgeMultipliers): number {
  return Math.max(1, Math.floor(s.server.kvCapacityTokens * m.kvCapacity));
}

/** A key that is equal for two edges exactly when they run the same scenario. */
export function edgeKey(s: Scenario, m: EdgeMultipliers): string {
  return `${edgeKvTokens(s, m)}|${m.stepCost}|${m.prefillCost}|${edgeFrontendMs(s, m.frontend)}`;
}
