/**
 * `lab plan`: the smallest deployments that serve a traffic within its
 * targets, cheapest first, found by the planner's search (src/plan) in this
 * process. Prices are what the user types; nothing is fetched.
 */
import { availableParallelism } from 'node:os';
import { format } from 'd3-format';
import { ENGINE_IDS, type EngineId } from '../engine/engines/presets';
import { GPUS, MODELS, PRECISIONS } from '../engine/profiles/catalog';
import type { Workload } from '../engine/types';
import { WORKLOADS } from '../engine/workloads';
import { workloadTargets } from '../settings/targets';
import { leversProblem } from '../plan/evaluate';
import { plan } from '../plan/search';
import { DEFAULT_IN_TIME_SHARE, DEFAULT_PLAN_ENGINES, DEFAULT_PLAN_GPUS, DEFAULT_PLAN_MAX_GPUS, DEFAULT_PLAN_PRECISIONS, DEFAULT_PLAN_REQUESTS, DEFAULT_PLAN_SEED } from '../plan/defaults';
import { planJson } from './planJson';
import { planOnWorkers } from './planPool';
import { PLAN_SPLITS, type PlanTrace, type PlannedConfig, type PlanRequest, type PlanResult, type PlanSplit } from '../plan/types';
import { INPUT_WORDS, type CrossedTarget } from '../plan/rangeCheck';
import type { UncertainInput } from '../engine/uncertainty';
import { OptionError, readFlags, type FlagTable } from './flags';
import { UsageError } from './args';
import { readTextFile } from './readText';
import { withTrace } from './trace';
import { BUILT_IN_TRACE_IDS, BUILT_IN_TRACES, type BuiltInTraceId } from '../import/traceCatalog';
import { SINGLE_REQUEST_SLICE, tracePredictArgs, type PlanTraceRef } from '../plan/planTrace';
import { DEFAULT_SETTINGS } from '../settings/schema';
import { scenarioFromSettings } from '../settings/scenario';

const DEFAULT_GPUS = DEFAULT_PLAN_GPUS;

/** Flags of `lab plan`, for `--help`. */
export const PLAN_FLAGS: FlagTable = {
  model: { value: 'M[,M…]', doc: 'Model id(s) to plan for (see lab list). Required.' },
  workload: { value: 'W', doc: `A workload preset (${WORKLOADS.map((w) => w.id).join(', ')}): its lengths, spread and targets, each unless given below.` },
  prompt: { value: 'TOKENS', doc: 'Mean prompt length. Required without --workload.' },
  output: { value: 'TOKENS', doc: 'Mean output length. Required without --workload.' },
  spread: { value: 'S', doc: 'Relative spread of both lengths, 0 to 0.9 (default 0.2, or the workload\'s).' },
  rate: { value: 'REQ_PER_S', doc: 'Peak request rate to serve (Poisson arrivals). Required without --trace (with it: the trace sped up to this mean rate).' },
  trace: { value: `FILE|${Object.keys(BUILT_IN_TRACES).join('|')}`, doc: 'A request trace as the traffic and the lengths (the formats predict --trace reads), replayed at its own times; the plan serves its mean rate.' },
  'trace-window': { value: 'FROM:TO', doc: 'With --trace: the slice of it, seconds (e.g. 0:600).' },
  'ttft-slo': { value: 'MS', doc: 'Target p90 TTFT, ms. Required without --workload (whose target it takes).' },
  'tpot-slo': { value: 'MS', doc: 'Target p90 TPOT, ms. Required without --workload (whose target it takes).' },
  'in-time': { value: 'SHARE', doc: 'Share of requests that must meet both targets, 0 to 1 (default 0.95).' },
  gpus: { value: 'G[,G…]', doc: `GPUs to consider (default ${DEFAULT_GPUS.join(',')}).` },
  precisions: { value: 'P[,P…]', doc: 'Weight precisions to consider where the GPU runs them (default bf16,fp8).' },
  engines: { value: 'E[,E…]', doc: `Engines to consider: ${ENGINE_IDS.join(', ')} (default vllm,trtllm).` },
  splits: { value: 'S[,S…]', doc: 'colocated (every instance prefills and decodes), disaggregated (prefill and decode instances apart), or both (default colocated).' },
  'max-gpus': { value: 'N', doc: 'Most GPUs in one deployment (default 16).' },
  levers: { value: 'QUERY', doc: 'Levers every candidate runs with, as the link writes them (e.g. "specMethod=eagle3&prefixGroups=8"; any setting the plan does not set itself).' },
  price: { value: 'GPU=USD[,…]', doc: 'Price per GPU-hour, typed in (e.g. h100-sxm=2.5): ranks by cost per hour instead of GPUs.' },
  requests: { value: 'N', doc: 'Requests simulated per evaluation (default 400; with --trace, the trace\'s own).' },
  seed: { value: 'N', doc: 'Seed of every run (default 42).' },
  workers: { value: 'N', doc: 'Worker threads that search shapes at once (default: one per core; 1 searches in this thread). The plan is the same for any N.' },
  json: { value: null, doc: 'Print one JSON document instead of text.' },
  help: { value: null, doc: 'Show this help.' },
};

export const PLAN_USAGE = `Usage: npm run --silent lab -- plan --model M (--prompt P --output O | --workload W | --trace T) [--rate R] --ttft-slo MS --tpot-slo MS [options]
Finds the deployments that serve the rate within the targets (p90 TTFT, p90 TPOT, share in time), cheapest first.
${Object.entries(PLAN_FLAGS).map(([k, v]) => `  --${`${k}${v.value ? ` ${v.value}` : ''}`.padEnd(26)} ${v.doc}`).join('\n')}
Exit status: 0 ok (also when nothing meets the targets: the output says so), 2 bad option.`;

/**
 * `--trace SRC [--trace-window FROM:TO]` read as `predict --trace` reads it
 * (the same file rules, parser and slice), with the slice's mean lengths;
 * null without `--trace`. `--prompt`/`--output` beside it are refused: the
 * trace records each request's lengths.
 */
function planTrace(values: Map<string, string>): { trace: PlanTrace; promptTokens: number; outputTokens: number } | null {
  const given = values.get('trace');
  if (given === undefined) {
    if (values.has('trace-window')) throw new OptionError('--trace-window needs --trace');
    return null;
  }
  for (const f of ['prompt', 'output', 'workload']) if (values.has(f)) throw new OptionError(`--${f}: the trace records each request's lengths; leave --${f} out with --trace`);
  const extras = new Map([['trace', given], ...(values.has('trace-window') ? [['trace-window', values.get('trace-window')!] as [string, string]] : [])]);
  const base = scenarioFromSettings(DEFAULT_SETTINGS);
  if (!base.ok) throw new OptionError(base.message);
  try {
    const { scenario, trace } = withTrace(base.scenario, extras, readTextFile);
    if (scenario.load.kind !== 'trace' || !trace) throw new OptionError('--trace: no trace was read');
    // One request has no rate to plan for (the page's planner refuses it the same way, planTrace.ts).
    if (trace.requests < 2) throw new OptionError(`--trace ${given}: ${SINGLE_REQUEST_SLICE}`);
    // A built-in trace is named as the page's planner names it (its links can carry it); a file by its path.
    const builtIn: PlanTraceRef | undefined = (BUILT_IN_TRACE_IDS as readonly string[]).includes(given) ? { id: given as BuiltInTraceId, window: trace.window } : undefined;
    return {
      trace: {
        sendS: [...scenario.load.sendTimesS], promptTokens: [...(scenario.load.promptTokens ?? [])], outputTokens: [...(scenario.load.outputTokens ?? [])], meanRatePerSec: trace.meanRatePerSec,
        predict: builtIn ? tracePredictArgs(builtIn) : ['--trace', given, ...(values.has('trace-window') ? ['--trace-window', values.get('trace-window')!] : [])],
        source: builtIn ? given : (given.split(/[\\/]/).at(-1) ?? given),
        window: trace.window,
        ...(builtIn ? { builtIn } : {}),
      },
      promptTokens: scenario.workload.promptTokens,
      outputTokens: scenario.workload.outputTokens,
    };
  } catch (e) {
    if (e instanceof UsageError) throw new OptionError(e.message);
    throw e;
  }
}

/** `--levers QUERY` as the request's levers (nothing without it); a bad value or a key the plan sets is an option error. */
function levers(raw: string | undefined): { levers?: string } {
  if (raw === undefined) return {};
  const query = raw.trim().replace(/^\?/, '');
  const why = leversProblem(query);
  if (why) throw new OptionError(`--levers: ${why}`);
  return query === '' ? {} : { levers: query };
}

/** The preset `--workload` names (undefined without it); an unknown one is an option error naming the presets. */
function workloadPreset(raw: string | undefined): Workload | undefined {
  if (raw === undefined) return undefined;
  const w = WORKLOADS.find((x) => x.id === raw.trim());
  if (!w) throw new OptionError(`--workload: unknown "${raw}" (one of ${WORKLOADS.map((x) => x.id).join(', ')})`);
  return w;
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function num(values: Map<string, string>, flag: string, min: number, max: number, fallback?: number, integer = false): number {
  const raw = values.get(flag);
  if (raw === undefined) {
    if (fallback === undefined) throw new OptionError(`--${flag} is required`);
    return fallback;
  }
  const v = Number(raw.trim());
  if (!DECIMAL.test(raw.trim()) || !Number.isFinite(v)) throw new OptionError(`--${flag}: "${raw}" is not a decimal number`);
  if (v < min || v > max || (integer && !Number.isInteger(v))) throw new OptionError(`--${flag}: expected ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}, got ${raw}`);
  return v;
}

function list<T extends string>(values: Map<string, string>, flag: string, known: readonly string[], fallback: readonly T[]): T[] {
  const raw = values.get(flag);
  if (raw === undefined) return [...fallback];
  const items = raw.split(',').map((x) => x.trim()).filter(Boolean);
  if (items.length === 0) throw new OptionError(`--${flag} needs at least one value`);
  for (const x of items) if (!known.includes(x)) throw new OptionError(`--${flag}: unknown "${x}" (one of ${known.join(', ')})`);
  return items as T[];
}

function prices(raw: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  if (raw === undefined) return out;
  for (const part of raw.split(',').map((x) => x.trim()).filter(Boolean)) {
    const m = /^([\w.-]+)=(.+)$/.exec(part);
    if (!m) throw new OptionError(`--price: "${part}" is not GPU=USD_PER_HOUR`);
    if (!GPUS.some((g) => g.id === m[1])) throw new OptionError(`--price: unknown GPU "${m[1]}"`);
    const v = Number(m[2]);
    if (!DECIMAL.test(m[2]) || !(v > 0) || !Number.isFinite(v)) throw new OptionError(`--price: "${m[2]}" for ${m[1]} is not a price above 0`);
    out[m[1]] = v;
  }
  return out;
}

/** Reads `lab plan` argv (after the word `plan`) into a plan request, or says which option is wrong. */
export function parsePlanArgs(argv: readonly string[]): { ok: true; request: PlanRequest; json: boolean; help: boolean; workers: number } | { ok: false; error: string } {
  try {
    const values = readFlags(argv, PLAN_FLAGS, (arg) => {
      throw new OptionError(`unexpected argument "${arg}"`);
    });
    const help = values.has('help');
    if (help) return { ok: true, request: null as unknown as PlanRequest, json: false, help, workers: 1 };
    if (!values.has('model')) throw new OptionError('--model is required');
    const traced = planTrace(values);
    const preset = workloadPreset(values.get('workload'));
    const targets = preset ? workloadTargets(preset.id) : null;
    const request: PlanRequest = {
      models: list(values, 'model', MODELS.map((m) => m.id), []),
      promptTokens: traced ? traced.promptTokens : num(values, 'prompt', 1, 2_000_000, preset?.promptTokens, true),
      outputTokens: traced ? traced.outputTokens : num(values, 'output', 1, 2_000_000, preset?.outputTokens, true),
      spread: num(values, 'spread', 0, 0.9, preset?.spread ?? 0.2),
      ratePerSec: num(values, 'rate', 0.001, 100_000, traced?.trace.meanRatePerSec),
      ttftSloMs: num(values, 'ttft-slo', 0, 3_600_000, targets?.ttftSlo ?? undefined),
      tpotSloMs: num(values, 'tpot-slo', 0, 3_600_000, targets?.tpotSlo ?? undefined),
      inTimeShare: num(values, 'in-time', 0, 1, DEFAULT_IN_TIME_SHARE),
      gpus: list(values, 'gpus', GPUS.map((g) => g.id), DEFAULT_GPUS),
      precisions: list(values, 'precisions', PRECISIONS.map((p) => p.id), DEFAULT_PLAN_PRECISIONS),
      engines: list<EngineId>(values, 'engines', ENGINE_IDS, DEFAULT_PLAN_ENGINES),
      splits: list<PlanSplit>(values, 'splits', PLAN_SPLITS, ['colocated']),
      maxGpus: num(values, 'max-gpus', 1, 512, DEFAULT_PLAN_MAX_GPUS, true),
      pricePerGpuHour: prices(values.get('price')),
      ...levers(values.get('levers')),
      ...(traced ? { trace: traced.trace } : {}),
      requests: num(values, 'requests', 50, 20_000, DEFAULT_PLAN_REQUESTS, true),
      seed: num(values, 'seed', 0, 4294967295, DEFAULT_PLAN_SEED, true),
    };
    const workers = num(values, 'workers', 1, 256, availableParallelism(), true);
    return { ok: true, request, json: values.has('json'), help, workers };
  } catch (e) {
    if (e instanceof OptionError) return { ok: false, error: e.message };
    return { ok: false, error: String(e) };
  }
}

/** Why a deployment's ranges put it near its knee, naming the input the verdict hangs on; null when they do not. */
export function rangeWhyText(req: PlanRequest, c: PlannedConfig): string | null {
  const v = c.ranges;
  if (!v || v.crosses.length === 0) return null;
  const f1 = format(',.1f');
  const pct = format('.1%');
  const spans: Record<CrossedTarget, string> = {
    ttftP90: `p90 TTFT ${f1(v.ttftP90Ms[0])}–${f1(v.ttftP90Ms[1])} ms against ${req.ttftSloMs} ms`,
    tpotP90: `p90 TPOT ${f1(v.tpotP90Ms[0])}–${f1(v.tpotP90Ms[1])} ms against ${req.tpotSloMs} ms`,
    inTime: `${pct(v.inTimeShare[0])}–${pct(v.inTimeShare[1])} in time against ${pct(req.inTimeShare)}`,
    completion: 'some requests not completed',
  };
  const top = v.sensitivity[0];
  const hang = top ? ` The verdict hangs on ${INPUT_WORDS[top.input]}: ${top.meets ? 'no input alone misses, and it comes closest' : 'it alone misses'} at its unfavourable end (${inputValueText(top.input, top.value)}).` : '';
  return `Near its knee: at the edges of what the lab is unsure of (the ranges predict gives), its ranges cross the targets: ${v.crosses.map((t) => spans[t]).join('; ')}.${hang}`;
}

/** An uncertain input's value in its unit. */
function inputValueText(input: UncertainInput, value: number): string {
  if (input === 'kvCapacity') return `${format(',d')(Math.round(value))} KV tokens`;
  if (input === 'stepCost') return `steps ${format('.2f')(value)}× as long`;
  if (input === 'prefillCost') return `the prefill part of each step ${format('.2f')(value)}× as long`;
  return `${format(',.2f')(value)} ms front end per request`;
}

function planText(req: PlanRequest, r: PlanResult, elapsedS: number): string {
  const f1 = format(',.1f');
  const rate = format('~r')(Number(req.ratePerSec.toPrecision(4)));
  const traffic = req.trace
    ? `the trace ${req.trace.predict.slice(1).join(' ')} (${req.trace.sendS.length.toLocaleString('en-US')} requests, ${format('.3~r')(req.trace.meanRatePerSec)} req/s mean${req.ratePerSec === req.trace.meanRatePerSec ? '' : `, sped up to ${rate} req/s`}), its mean lengths`
    : `${rate} req/s`;
  const lines = [`Plan: ${req.models.join(', ')} at ${traffic}, ${req.promptTokens} in / ${req.outputTokens} out; p90 TTFT ≤ ${req.ttftSloMs} ms, p90 TPOT ≤ ${req.tpotSloMs} ms, ${format('.0%')(req.inTimeShare)} in time`];
  lines.push(`${r.evaluated} simulations in ${elapsedS.toFixed(1)} s; ${r.refused.count} configurations cannot run, ${r.pruned} pruned${r.cancelled ? '; stopped early' : ''}`);
  if (r.configs.length === 0) {
    lines.push(`Nothing meets the targets within ${req.maxGpus} GPUs. Try more GPUs (--max-gpus), looser targets, or other GPUs.`);
    return lines.join('\n');
  }
  lines.push('', ' #  GPUs  shape                                 engine   sustains    p90 TTFT  p90 TPOT  in time  cost/h');
  r.configs.forEach((c, i) => {
    const shape = (c.disaggregated ? `${c.disaggregated.prefillInstances}P+${c.disaggregated.decodeInstances}D × ${c.tp} × ${c.gpu} ${c.precision}` : `${c.replicas} × ${c.tp} × ${c.gpu} ${c.precision}`).padEnd(36);
    const cost = c.costPerHour === null ? '—' : `$${c.costPerHour.toFixed(2)}`;
    lines.push(`${String(i + 1).padStart(2)}  ${String(c.gpus).padStart(4)}  ${c.model} ${shape}`.slice(0, 48).padEnd(48) + ` ${c.engine.padEnd(7)} ${`${f1(c.sustainedReqPerSec)} req/s`.padStart(11)}  ${`${f1(c.ttftP90Ms)} ms`.padStart(9)} ${`${f1(c.tpotP90Ms)} ms`.padStart(9)}  ${format('.1%')(c.inTimeShare).padStart(6)}  ${cost}${c.nearKnee ? '  near the knee' : ''}`);
  });
  const best = r.configs[0];
  const bestShape = best.disaggregated ? `${best.disaggregated.prefillInstances} prefill + ${best.disaggregated.decodeInstances} decode instances of ${best.tp} × ${best.gpu}` : `${best.replicas} × ${best.tp} × ${best.gpu}`;
  lines.push('', `Cheapest: ${bestShape} (${best.engine}); check it: npm run --silent lab -- predict ${best.predict.join(' ')}`);
  const why = rangeWhyText(req, best);
  if (why) lines.push(why);
  if (best.kneeReasons.includes('headroom')) lines.push(`It sustains ${f1(best.sustainedReqPerSec)} req/s, within 20% of the asked rate: near its knee, where a few percent of memory or step cost decide whether requests queue.`);
  if (best.ranges && best.ranges.crosses.length === 0) lines.push(`At the edges of what the lab is unsure of (the ranges predict gives), it still meets every target: p90 TTFT ${f1(best.ranges.ttftP90Ms[0])}–${f1(best.ranges.ttftP90Ms[1])} ms, p90 TPOT ${f1(best.ranges.tpotP90Ms[0])}–${f1(best.ranges.tpotP90Ms[1])} ms.`);
  return lines.join('\n');
}

/**
 * Runs `lab plan` in this thread (whatever `--workers` says); returns the
 * exit status. `runPlanOnWorkers` is the one the command line uses.
 */
export function runPlan(argv: readonly string[], out: (s: string) => void, err: (s: string) => void, signal?: AbortSignal): number {
  const parsed = parsePlanArgs(argv);
  if (!parsed.ok) {
    err(`lab plan: ${parsed.error}`);
    return 2;
  }
  if (parsed.help) {
    out(PLAN_USAGE);
    return 0;
  }
  const t0 = performance.now();
  const result = plan(parsed.request, signal);
  const elapsedS = (performance.now() - t0) / 1000;
  out(parsed.json ? JSON.stringify(planJson(parsed.request, result, elapsedS), null, 2) : planText(parsed.request, result, elapsedS));
  return 0;
}

/**
 * Runs `lab plan` on `--workers` threads (one per core by default; 1 runs in
 * this thread), with a progress line on stderr when it is a terminal.
 * Resolves with the exit status; `signal` (Ctrl-C) stops the search and
 * prints what it found.
 */
export async function runPlanOnWorkers(argv: readonly string[], out: (s: string) => void, err: (s: string) => void, signal?: AbortSignal, progress?: (line: string) => void): Promise<number> {
  const parsed = parsePlanArgs(argv);
  if (!parsed.ok || parsed.help || parsed.workers <= 1) return runPlan(argv, out, err, signal);
  const t0 = performance.now();
  try {
    const result = await planOnWorkers(parsed.request, parsed.workers, signal, (p) => progress?.(`lab plan: ${p.done} of ${p.total} shapes, ${p.evaluated} simulations`));
    const elapsedS = (performance.now() - t0) / 1000;
    out(parsed.json ? JSON.stringify(planJson(parsed.request, result, elapsedS), null, 2) : planText(parsed.request, result, elapsedS));
    return 0;
  } catch (e) {
    err(`lab plan: a worker failed: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}
