/**
 * Calibration under load: the GenAI-Perf runs of measurements-load.csv
 * (Llama-3-8B on NVIDIA NIM, TensorRT-LLM in-flight batching, closed loop at
 * fixed concurrency, steady-state window). Each row is simulated once per set
 * of factors and gives three cases: mean TTFT, mean TPOT and output throughput.
 */
import { simulate } from '../simulate';
import { iterationBreakdown, type RooflineFactors } from '../profiles/cost';
import { hardwareProfile } from '../profiles/roofline';
import type { RunResult, Scenario, ServerProfile } from '../types';
import { DEFAULT_NETWORK_JITTER } from '../validate';
import { TRTLLM_MEMORY } from './bench';
import { nimRoofline, sharedRoofline, type CalibrationFactors } from './factors';
import type { CalibrationCase } from './mapping';
import type { Prediction } from './predict';

/**
 * How the load runs were served and measured, as the lab reproduces them:
 * properties of the source, the same for every row, never tuned per row.
 */
export interface LoadSourceSettings {
  maxBatch: number;
  /** Tokens one iteration may carry (TensorRT-LLM `max_num_tokens`). */
  tokenBudget: number;
  admission: 'reserve' | 'paged';
  chunkedPrefill: boolean;
  /** Decodes advance in iterations that prefill (TensorRT-LLM's in-flight batching mixes them). */
  mixedBatches: boolean;
  /** Client ↔ server round trip, ms (GenAI-Perf ran next to the server). */
  networkRttMs: number;
  /** Share of each one-way delay that is random (see `Scenario.networkJitter`); default the lab's. */
  networkJitter?: number;
  /** The server's front end, ms per request, one request at a time (see `Scenario.frontendMs`); default none. */
  frontendMs?: number;
  /** Requests simulated per concurrent user; the steady window keeps those after the first round and before the last send. */
  requestsPerUser: number;
  /** At least this many requests per row. */
  minRequests: number;
  /** Seed of the runs' random draws (network jitter); default 1. */
  seed?: number;
  /** Simulate with NIM 2024's own factors (default true); false: the shared ones, as for the later TensorRT-LLM of measurements.csv. */
  ownFactors?: boolean;
}

/**
 * The NIM runs of measurements-load.csv. NIM's TensorRT-LLM engine profile
 * of the time is not recorded. What TensorRT-LLM documents: in-flight
 * batching runs context and generation requests in the same step, in
 * arrival order, until `max_num_tokens` is spent (its MicroBatchScheduler);
 * GUARANTEED_NO_EVICT (reserve) admission, whole prompts without chunked
 * context, 256 sequences and 90% of free memory for KV are its defaults of
 * the time. Three values are read off all 355 runs together, as
 * docs/calibration.md shows: a 32,768-token step budget (releases before
 * 0.11 defaulted `max_num_tokens` to max batch × max input, far more than
 * 8,192; the TTFTs fit 32,768 better than 16,384 or 65,536); a front end that
 * takes 1 ms per request, one at a time (a wave of users who finish together
 * reaches the engine as a stream, not one burst); and 3 ms of round trip,
 * which with the front end leaves the 4 ms the concurrency-1 rows show
 * between the client and the engine.
 */
export const NIM_LOAD: LoadSourceSettings = {
  maxBatch: 256,
  tokenBudget: 32768,
  admission: 'reserve',
  chunkedPrefill: false,
  mixedBatches: true,
  networkRttMs: 3,
  networkJitter: DEFAULT_NETWORK_JITTER,
  frontendMs: 1,
  requestsPerUser: 4,
  minRequests: 40,
};

/**
 * The NIM 1.x containers of the NIM benchmarking guide (2025, a later
 * TensorRT-LLM than the 2024 build): the same serving setup, except that
 * prompts are prefilled in chunks of 2,048 tokens (what `trtllm-bench`
 * derives for a 70B model on two GPUs, `calibration/bench.ts`) and the step
 * costs are the shared factors, not NIM 2024's. Read off the guide's 8 rows of
 * one model, so docs/calibration.md shows the alternatives and calls it thin.
 */
export const NIM_1X_LOAD: LoadSourceSettings = { ...NIM_LOAD, chunkedPrefill: true, tokenBudget: 2048, ownFactors: false };

/** The setups rows under load can name (`CalibrationCase.setup`); absent means `nim-2024`. */
export const LOAD_SETUPS: Readonly<Record<string, LoadSourceSettings>> = { 'nim-2024': NIM_LOAD, 'nim-1.x': NIM_1X_LOAD };

/** How the row behind `c` was served. */
export function setupFor(c: CalibrationCase): LoadSourceSettings {
  return LOAD_SETUPS[c.setup ?? 'nim-2024'] ?? NIM_LOAD;
}

const rooflineFor = (f: RooflineFactors | CalibrationFactors, src: LoadSourceSettings): RooflineFactors => (src.ownFactors === false ? sharedRoofline(f) : nimRoofline(f));
const rowKey = (c: CalibrationCase, src: LoadSourceSettings): string => `${c.id}|${src === setupFor(c) ? '' : JSON.stringify(src)}`;

/** The scenario that reproduces one load row. */
export function loadScenario(c: CalibrationCase, server: ServerProfile, src: LoadSourceSettings = setupFor(c)): Scenario {
  return {
    workload: { id: 'custom', label: `load row ${c.id}`, promptTokens: c.inputTokens, outputTokens: c.outputTokens, spread: 0 },
    server,
    load: { kind: 'closed', users: c.batch, thinkMs: 0 },
    slo: { ttftMs: null, tpotMs: null, e2eMs: null },
    requests: Math.max(src.minRequests, src.requestsPerUser * c.batch),
    seed: src.seed ?? 1,
    chunkedPrefill: src.chunkedPrefill,
    networkRttMs: src.networkRttMs,
    networkJitter: src.networkJitter ?? DEFAULT_NETWORK_JITTER,
    frontendMs: src.frontendMs ?? 0,
    scheduler: { admission: src.admission, tokenBudget: src.tokenBudget, mixedBatches: src.mixedBatches },
    window: { kind: 'steady', warmup: 0 },
  };
}

/** What one simulated load row predicts. */
export interface LoadOutcome {
  ttftMs: number;
  tpotMs: number;
  outputTokPerSec: number;
  run: RunResult;
}

/** The server one load row ran on, as the lab builds it with `factors` (NIM's own values in place), or why it cannot. */
export function loadServer(c: CalibrationCase, factors: RooflineFactors | CalibrationFactors, src: LoadSourceSettings = setupFor(c)): ServerProfile | string {
  const made = hardwareProfile(c.spec, rooflineFor(factors, src), { ...TRTLLM_MEMORY, maxBatch: src.maxBatch, chunkBudgetTokens: src.tokenBudget });
  return made.ok ? made.profile : `${made.reason} ${made.suggestion}`;
}

const cache = new WeakMap<RooflineFactors, Map<string, LoadOutcome | string>>();

/** Simulates the row behind `c` with `factors` (once per row and factor set), or says why it cannot. */
export function simulateLoadRow(c: CalibrationCase, given: RooflineFactors, src: LoadSourceSettings = setupFor(c)): LoadOutcome | string {
  const factors = rooflineFor(given, src);
  let byRow = cache.get(factors);
  if (!byRow) {
    byRow = new Map();
    cache.set(factors, byRow);
  }
  const key = rowKey(c, src);
  const hit = byRow.get(key);
  if (hit !== undefined) return hit;
  const server = loadServer(c, factors, src);
  let out: LoadOutcome | string;
  if (typeof server === 'string') out = server;
  else {
    const run = simulate(loadScenario(c, server, src));
    out = run.metrics.completed === 0 ? 'no request completed' : { ttftMs: run.metrics.ttftMs.mean, tpotMs: run.metrics.tpotMs.mean, outputTokPerSec: run.metrics.outputTokPerSec, run };
  }
  byRow.set(key, out);
  return out;
}

/** The prediction for one load case: its row's simulated TTFT, TPOT or throughput. */
export function predictLoadCase(c: CalibrationCase, factors: RooflineFactors, src: LoadSourceSettings = setupFor(c)): Prediction {
  const o = simulateLoadRow(c, factors, src);
  if (typeof o === 'string') return { ok: false, reason: o };
  const value = c.kind === 'load-ttft' ? o.ttftMs : c.kind === 'load-tpot' ? o.tpotMs : o.outputTokPerSec;
  return { ok: true, value, notes: o.run.window.fallback ? [`steady window fell back to all requests: ${o.run.window.fallback}`] : [] };
}

/**
 * A fast stand-in for one load row, used only inside the fit's search (the
 * fit multiplies it by the row's ratio of simulation to stand-in, measured
 * each round). Waves: the batch that fits (users, batch limit, memory)
 * prefills its prompts in budget-sized iterations, then decodes together.
 * TTFT ≈ half a wave of prefill plus any queue for memory; TPOT ≈ a decode
 * step plus its share of the wave's prefill; throughput = batch × output ÷ cycle.
 */
export function surrogateLoadCase(c: CalibrationCase, given: RooflineFactors, src: LoadSourceSettings = setupFor(c)): Prediction {
  const waves = surrogateWaves(c, given, src);
  if (typeof waves === 'string') return { ok: false, reason: waves };
  const value = c.kind === 'load-ttft' ? waves.ttftMs : c.kind === 'load-tpot' ? waves.tpotMs : waves.outputTokPerSec;
  return { ok: true, value, notes: [] };
}

/** The wave model's three readings of one load row. */
export interface LoadWaves {
  ttftMs: number;
  tpotMs: number;
  outputTokPerSec: number;
  /** Requests of the row that fit in the batch at once (users, batch limit and KV capacity). */
  batch: number;
}
type Waves = LoadWaves;
// The three cases of a row come one after another with the same factors object in the fit's search.
const waveCache = new WeakMap<RooflineFactors, Map<string, Waves | string>>();

function surrogateWaves(c: CalibrationCase, given: RooflineFactors, src: LoadSourceSettings): Waves | string {
  let byRow = waveCache.get(given);
  if (!byRow) {
    byRow = new Map();
    waveCache.set(given, byRow);
  }
  const key = rowKey(c, src);
  const hit = byRow.get(key);
  if (hit !== undefined) return hit;
  const out = surrogateLoadWaves(c, given, src);
  byRow.set(key, out);
  return out;
}

/**
 * The wave model of `surrogateLoadCase` for one row, uncached, with the KV
 * capacity scaled by `kvScale` (how the spreads ask what capacity would
 * explain a measured queue), or why the row cannot be served.
 */
export function surrogateLoadWaves(c: CalibrationCase, given: RooflineFactors, src: LoadSourceSettings = setupFor(c), kvScale = 1): LoadWaves | string {
  const made = hardwareProfile(c.spec, rooflineFor(given, src), { ...TRTLLM_MEMORY, maxBatch: src.maxBatch, chunkBudgetTokens: src.tokenBudget });
  if (!made.ok) return made.reason;
  const cost = made.details.cost;
  const perRequest = c.inputTokens + c.outputTokens;
  const batch = Math.max(1, Math.min(c.batch, src.maxBatch, Math.floor((kvScale * made.profile.kvCapacityTokens) / perRequest)));
  const promptTokens = batch * c.inputTokens;
  const chunk = Math.min(src.tokenBudget, promptTokens);
  const prefill = iterationBreakdown(cost, {
    prefillTokens: chunk, prefillAttentionPairs: (chunk * (c.inputTokens + 1)) / 2, prefillContextTokens: 0,
    prefillSeqs: Math.max(1, chunk / c.inputTokens), decodeSeqs: 0, decodeKvTokens: 0,
  }).totalS;
  const waveS = (promptTokens / chunk) * prefill;
  const step = iterationBreakdown(cost, {
    prefillTokens: 0, prefillAttentionPairs: 0, prefillContextTokens: 0, prefillSeqs: 0,
    decodeSeqs: batch, decodeKvTokens: batch * (c.inputTokens + c.outputTokens / 2),
  }).totalS;
  const decodeS = Math.max(1, c.outputTokens - 1) * step;
  const cycleS = waveS + decodeS;
  const queueS = c.batch > batch ? ((c.batch - batch) / batch) * cycleS : 0;
  return {
    ttftMs: ((waveS + prefill) / 2 + queueS) * 1000 + src.networkRttMs + (src.frontendMs ?? 0),
    tpotMs: ((decodeS + waveS / 2) / Math.max(1, c.outputTokens - 1)) * 1000,
    outputTokPerSec: (batch * c.outputTokens) / cycleS,
    batch,
  };
}
