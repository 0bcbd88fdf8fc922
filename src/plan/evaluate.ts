/**
 * One planner evaluation: a configuration at a Poisson rate, simulated by the
 * engine with the settings layer's own scenario (never a metric of its own),
 * judged against the targets. And the bisection for the highest rate a
 * configuration sustains.
 */
import { simulate } from '../engine/simulate';
import { parseSettings } from '../settings/parse';
import { DEFAULT_SETTINGS, PARAMS, type Settings } from '../settings/schema';
import { scenarioFromSettings } from '../settings/scenario';
// Speculative decoding's methods (draft models, EAGLE, prompt lookup) register themselves.
import '../settings/speculative';
import '../settings/pools';
import type { Scenario } from '../engine/types';
import type { PlanConfig, PlanRequest } from './types';

/**
 * Link keys the plan sets for every candidate (the workload, the traffic, the
 * targets, the server, the window): `levers` cannot set them.
 */
export const PLAN_OWN_KEYS: ReadonlySet<string> = new Set(['workload', 'prompt', 'output', 'spread', 'load', 'users', 'rate', 'thinkMs', 'requests', 'seed', 'ttftSlo', 'tpotSlo', 'e2eSlo',
  'server', 'customTtftMs', 'customTokPerSec', 'model', 'gpu', 'precision', 'tp', 'engine', 'replicas', 'prefillGpus', 'decodeGpus', 'window', 'warmup', 'ranges', 'trace', 'traceWindow', 'traceSpeed']);

/** Why a `levers` query cannot be planned with (a bad value, a key the plan sets), or null. */
export function leversProblem(levers: string): string | null {
  const params = new URLSearchParams(levers);
  for (const key of params.keys()) if (PLAN_OWN_KEYS.has(key)) return `${key} is set by the plan itself for every candidate`;
  const { notices } = parseSettings((k) => params.get(k), 'url');
  for (const key of params.keys()) if (!PARAMS.some((p) => p.key === key)) return `${key} is not a setting of the lab`;
  return notices.length > 0 ? `${notices[0].param}: ${notices[0].message.replace(/ (Using the default|Ignored)\.$/, '')}` : null;
}

// One parse per levers query: planSettings runs for every simulation of a plan.
const leverBases = new Map<string, Settings>();
function leverBase(levers: string | undefined): Settings {
  if (!levers) return DEFAULT_SETTINGS;
  let base = leverBases.get(levers);
  if (!base) {
    const params = new URLSearchParams(levers);
    base = parseSettings((k) => params.get(k), 'url').settings;
    leverBases.set(levers, base);
  }
  return base;
}

/** The lab's settings for `c` at `ratePerSec`: a custom workload, open loop, measured in the steady window, with the request's levers. */
export function planSettings(req: PlanRequest, c: PlanConfig, ratePerSec: number): Settings {
  return {
    ...leverBase(req.levers),
    workload: 'custom',
    prompt: req.promptTokens,
    output: req.outputTokens,
    spread: req.spread,
    rate: ratePerSec,
    requests: req.requests,
    seed: req.seed,
    targetsFollowWorkload: false,
    ttftSlo: req.ttftSloMs,
    tpotSlo: req.tpotSloMs,
    e2eSlo: null,
    server: 'hardware',
    model: c.model,
    gpu: c.gpu,
    precision: c.precision,
    tp: c.tp,
    engine: c.engine,
    replicas: c.disaggregated ? 1 : c.replicas,
    prefillGpus: c.disaggregated ? c.disaggregated.prefillInstances * c.tp : 0,
    decodeGpus: c.disaggregated ? c.disaggregated.decodeInstances * c.tp : 0,
    window: 'steady',
  };
}

/**
 * The settings a row's link writes for `c` at `ratePerSec`: `planSettings`,
 * and with a built-in trace, that trace, its slice and the speed the plan
 * replayed it at, so the lab's Trace section replays the same traffic on the
 * deployment (the lab's own run stays Poisson at the rate and the mean lengths).
 */
export function planLinkSettings(req: PlanRequest, c: PlanConfig, ratePerSec: number): Settings {
  const s = planSettings(req, c, ratePerSec);
  const b = req.trace?.builtIn;
  return b ? { ...s, trace: b.id, traceWindow: b.window, traceSpeed: ratePerSec / req.trace!.meanRatePerSec } : s;
}

/**
 * The engine scenario of `c` at `ratePerSec`: the settings' own, with a
 * request trace in place of Poisson arrivals when the plan has one (sped up
 * to the rate), or why it cannot run.
 */
export function planScenario(req: PlanRequest, c: PlanConfig, ratePerSec: number): { ok: true; scenario: Scenario } | { ok: false; message: string } {
  const built = scenarioFromSettings(planSettings(req, c, ratePerSec));
  if (!built.ok || !req.trace) return built;
  const t = req.trace;
  const speed = ratePerSec / t.meanRatePerSec;
  return {
    ok: true,
    scenario: {
      ...built.scenario,
      workload: { id: 'trace', label: 'trace', promptTokens: req.promptTokens, outputTokens: req.outputTokens, spread: 0 },
      load: { kind: 'trace', sendTimesS: t.sendS.map((x) => x / speed), promptTokens: t.promptTokens, outputTokens: t.outputTokens },
      requests: t.sendS.length,
    },
  };
}

/** What one simulation says of a configuration at a rate. */
export interface Judged {
  meets: boolean;
  ttftP90Ms: number;
  tpotP90Ms: number;
  inTimeShare: number;
  goodputReqPerSec: number;
}

/** GPUs the configuration uses in all. */
export function gpusOf(c: PlanConfig): number {
  return c.disaggregated ? c.tp * (c.disaggregated.prefillInstances + c.disaggregated.decodeInstances) : c.tp * c.replicas;
}

/** Why a configuration cannot run, or null when it can. */
export function refusal(req: PlanRequest, c: PlanConfig): string | null {
  const built = planScenario(req, c, req.ratePerSec);
  return built.ok ? null : `${c.model} on ${c.tp} × ${c.gpu} ${c.precision} (${c.engine}${c.disaggregated ? ', disaggregated' : ''}): ${built.message}`;
}

/** Counts the simulations a search runs. */
export interface Counter {
  evaluated: number;
}

/** Simulates `c` at `ratePerSec` and judges it: p90 TTFT and p90 TPOT within the targets and enough requests in time. */
export function judge(req: PlanRequest, c: PlanConfig, ratePerSec: number, counter: Counter): Judged {
  const built = planScenario(req, c, ratePerSec);
  if (!built.ok) return { meets: false, ttftP90Ms: Infinity, tpotP90Ms: Infinity, inTimeShare: 0, goodputReqPerSec: 0 };
  counter.evaluated++;
  const m = simulate(built.scenario).metrics;
  const done = m.completed > 0 && m.rejected === 0;
  const meets = done && m.ttftMs.p90 <= req.ttftSloMs && m.tpotMs.p90 <= req.tpotSloMs && m.sloMetShare >= req.inTimeShare;
  return { meets, ttftP90Ms: m.ttftMs.p90, tpotP90Ms: m.tpotMs.p90, inTimeShare: m.sloMetShare, goodputReqPerSec: m.goodputReqPerSec };
}

/** Bisection steps on the log of the rate after bracketing: 7 halve a factor-2 bracket to within 0.55%. */
export const BISECTION_STEPS = 7;
/** Lowest rate the bracket goes down to, as a share of the asked rate. */
const FLOOR_SHARE = 1 / 64;

/**
 * The highest Poisson rate `c` sustains within the targets, requests per
 * second, or 0 when it misses them even at 1/64 of the asked rate. Brackets
 * by doubling or halving from `startReqPerSec`, then bisects the bracket on a
 * log scale (`BISECTION_STEPS` steps): the answer is the lower end, a rate
 * that was simulated and met the targets.
 */
export function sustainedRate(req: PlanRequest, c: PlanConfig, startReqPerSec: number, counter: Counter, signal?: AbortSignal): number {
  let lo = 0;
  let hi = Infinity;
  let r = startReqPerSec;
  const floor = req.ratePerSec * FLOOR_SHARE;
  for (let i = 0; i < 12 && !signal?.aborted; i++) {
    if (judge(req, c, r, counter).meets) {
      lo = r;
      if (hi < Infinity) break;
      r *= 2;
    } else {
      hi = r;
      if (lo > 0 || r <= floor) break;
      r /= 2;
    }
  }
  if (lo === 0 || hi === Infinity) return lo;
  for (let i = 0; i < BISECTION_STEPS && !signal?.aborted; i++) {
    const mid = Math.sqrt(lo * hi);
    if (judge(req, c, mid, counter).meets) lo = mid;
    else hi = mid;
  }
  return lo;
}
