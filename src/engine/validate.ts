import { EngineInputError } from './errors';
import { validateLevers } from './levers/config';
import type { Scenario } from './types';

export { EngineInputError };

function positiveInt(value: number, param: string, max: number): void {
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new EngineInputError(param, `must be a whole number from 1 to ${max}, got ${value}`);
  }
}

/** Upper bounds that keep a run finite and memory-safe in a browser tab. */
export const ENGINE_LIMITS = {
  maxRequests: 200_000,
  maxUsers: 100_000,
  maxTokens: 2_000_000,
  maxNetworkRttMs: 60_000,
  maxFrontendMs: 10_000,
  maxThinkMs: 3_600_000,
  maxTokenBudget: 10_000_000,
} as const;

/** Share of a one-way network delay that varies between requests, when a scenario does not say. */
export const DEFAULT_NETWORK_JITTER = 0.3;

/** Throws `EngineInputError` when a scenario cannot be simulated; returns it unchanged otherwise. */
export function validateScenario(s: Scenario): Scenario {
  positiveInt(s.requests, 'requests', ENGINE_LIMITS.maxRequests);
  positiveInt(s.workload.promptTokens, 'prompt', ENGINE_LIMITS.maxTokens);
  positiveInt(s.workload.outputTokens, 'output', ENGINE_LIMITS.maxTokens);
  if (!(s.workload.spread >= 0 && s.workload.spread <= 0.9)) {
    throw new EngineInputError('spread', `must be between 0 and 0.9, got ${s.workload.spread}`);
  }
  if (!Number.isInteger(s.seed) || s.seed < 0 || s.seed > 0xffffffff) {
    throw new EngineInputError('seed', `must be a whole number from 0 to 4294967295, got ${s.seed}`);
  }
  if (!(s.networkRttMs >= 0 && s.networkRttMs <= ENGINE_LIMITS.maxNetworkRttMs)) {
    throw new EngineInputError('network-ms', `must be between 0 and ${ENGINE_LIMITS.maxNetworkRttMs}, got ${s.networkRttMs}`);
  }
  if (s.networkJitter !== undefined && !(s.networkJitter >= 0 && s.networkJitter <= 1)) {
    throw new EngineInputError('network-jitter', `must be between 0 and 1, got ${s.networkJitter}`);
  }
  if (s.frontendMs !== undefined && !(s.frontendMs >= 0 && s.frontendMs <= ENGINE_LIMITS.maxFrontendMs)) {
    throw new EngineInputError('frontend-ms', `must be between 0 and ${ENGINE_LIMITS.maxFrontendMs}, got ${s.frontendMs}`);
  }
  if (s.load.kind === 'closed') {
    positiveInt(s.load.users, 'users', ENGINE_LIMITS.maxUsers);
    if (!(s.load.thinkMs >= 0 && s.load.thinkMs <= ENGINE_LIMITS.maxThinkMs)) {
      throw new EngineInputError('think-ms', `must be between 0 and ${ENGINE_LIMITS.maxThinkMs}, got ${s.load.thinkMs}`);
    }
    recordedLengths(s.load, s.requests, 'replay', 'a closed-loop replay');
  } else if (s.load.kind === 'trace') {
    const times = s.load.sendTimesS;
    if (times.length !== s.requests) throw new EngineInputError('requests', `a trace needs one send time per request (${times.length} times for ${s.requests} requests)`);
    for (let i = 0; i < times.length; i++) {
      if (!(times[i] >= 0 && Number.isFinite(times[i])) || (i > 0 && times[i] < times[i - 1])) {
        throw new EngineInputError('trace', `send time ${i} must be finite, ≥ 0 and not before the previous one`);
      }
    }
    recordedLengths(s.load, times.length, 'trace', 'a trace');
  } else {
    if (!(s.load.ratePerSec > 0)) throw new EngineInputError('rate', `must be above 0 or inf, got ${s.load.ratePerSec}`);
    if (!(s.load.burstiness > 0 && s.load.burstiness <= 100)) {
      throw new EngineInputError('burstiness', `must be above 0 and at most 100, got ${s.load.burstiness}`);
    }
  }
  for (const [key, value] of [['ttft-slo', s.slo.ttftMs], ['tpot-slo', s.slo.tpotMs], ['e2e-slo', s.slo.e2eMs]] as const) {
    if (value !== null && !(value >= 0 && Number.isFinite(value))) {
      throw new EngineInputError(key, `must be a finite number of ms ≥ 0, got ${value}`);
    }
  }
  const p = s.server;
  if (!(p.kvCapacityTokens >= 1) || !(p.maxBatch >= 1) || !(p.chunkBudgetTokens >= 1)) {
    throw new EngineInputError('server', `profile ${p.id} has no room to run a request`);
  }
  const o = s.scheduler;
  if (o) {
    if (o.admission !== undefined && o.admission !== 'reserve' && o.admission !== 'paged') {
      throw new EngineInputError('admission', `must be paged or reserve, got ${String(o.admission)}`);
    }
    if (o.tokenBudget !== undefined) positiveInt(o.tokenBudget, 'token-budget', ENGINE_LIMITS.maxTokenBudget);
    if (o.watermark !== undefined && !(o.watermark >= 0 && o.watermark <= 0.5)) {
      throw new EngineInputError('watermark', `must be between 0 and 0.5, got ${o.watermark}`);
    }
    if (o.blockTokens !== undefined) positiveInt(o.blockTokens, 'block-tokens', 1024);
  }
  const w = s.window;
  if (w) {
    if (w.kind !== 'all' && w.kind !== 'steady') throw new EngineInputError('window', `must be all or steady, got ${String(w.kind)}`);
    if (!Number.isInteger(w.warmup) || w.warmup < 0 || w.warmup >= s.requests) {
      throw new EngineInputError('warmup', `must be a whole number from 0 to requests − 1 (${s.requests - 1}), got ${w.warmup}`);
    }
  }
  validateLevers(s);
  return s;
}

/** Recorded lengths of a trace or closed-loop replay: both or neither, one per request, whole numbers 1..maxTokens. */
function recordedLengths(load: { promptTokens?: readonly number[]; outputTokens?: readonly number[] }, requests: number, param: string, what: string): void {
  for (const [name, lengths] of [['prompt', load.promptTokens], ['output', load.outputTokens]] as const) {
    if (lengths === undefined) continue;
    if (lengths.length !== requests) throw new EngineInputError(param, `${what} needs one ${name} length per request (${lengths.length} for ${requests} requests)`);
    for (let i = 0; i < lengths.length; i++) {
      if (!Number.isInteger(lengths[i]) || lengths[i] < 1 || lengths[i] > ENGINE_LIMITS.maxTokens) {
        throw new EngineInputError(param, `request ${i}'s ${name} length must be a whole number from 1 to ${ENGINE_LIMITS.maxTokens}, got ${lengths[i]}`);
      }
    }
  }
  if ((load.promptTokens === undefined) !== (load.outputTokens === undefined)) {
    throw new EngineInputError(param, `${what} gives both prompt and output lengths, or neither`);
  }
}
