/**
 * The Plan section's inputs as typed (strings, so a half-typed value is never
 * NaN), prefilled from the lab's settings, and their validation into the
 * planner's request: every refusal names its field and says why. Pure.
 */
import { ENGINE_IDS, type EngineId } from '../../engine/engines/presets';
import { GPUS, MODELS } from '../../engine/profiles/catalog';
import { workloadById } from '../../engine/workloads';
import {
  DEFAULT_IN_TIME_SHARE, DEFAULT_PLAN_ENGINES, DEFAULT_PLAN_GPUS, DEFAULT_PLAN_MAX_GPUS, DEFAULT_PLAN_PRECISIONS, DEFAULT_PLAN_REQUESTS, DEFAULT_PLAN_SEED,
} from '../../plan/defaults';
import { BUILT_IN_TRACE_IDS, type BuiltInTraceId } from '../../import/traceCatalog';
import type { PlanTraceRef } from '../../plan/planTrace';
import { PLAN_SPLITS, type PlanRequest, type PlanSplit } from '../../plan/types';
import { PLAN_OWN_KEYS } from '../../plan/evaluate';
import { settingsToQuery } from '../../settings/parse';
import { SETTING_LIMITS, type Settings } from '../../settings/schema';
import { workloadTargets } from '../../settings/targets';
import { traceWindowField } from '../../settings/traceFields';

/** The traffic a plan serves: a peak rate (Poisson arrivals) or a built-in trace replayed. */
export type PlanTraffic = 'rate' | BuiltInTraceId;

/** The form's fields, as the user typed them. */
export interface PlanForm {
  model: string;
  /** More models planned beside `model` (each on its own, as `lab plan --model a,b` does). */
  alsoModels: string[];
  /** The workload the lengths came from (a preset id or custom), shown beside them. */
  workload: string;
  promptTokens: string;
  outputTokens: string;
  ratePerSec: string;
  /** A peak rate, or a built-in trace whose slice `traceWindow` (FROM:TO seconds; empty: the whole trace) gives the arrivals, lengths and rate. */
  traffic: PlanTraffic;
  traceWindow: string;
  ttftSloMs: string;
  tpotSloMs: string;
  inTimePct: string;
  gpus: string[];
  maxGpus: string;
  engines: EngineId[];
  /** Colocated, disaggregated, or both. */
  splits: PlanSplit[];
  /** Price per GPU-hour by GPU id, typed in; empty: none. */
  prices: Record<string, string>;
  /** The lab's levers as the link writes them (`specMethod=eagle3`), every candidate runs with them while `useLevers`; empty: none set. */
  levers: string;
  useLevers: boolean;
}

/** A field's refusal. */
export interface FieldError {
  field: keyof PlanForm | `price.${string}`;
  message: string;
}

/**
 * A request the planner can run, or every refusal. With `traceRef`, the
 * request's lengths and rate are 0 until the trace's slice fills them in
 * (pagePlanner.ts `tracedRequest`, in a worker).
 */
export type PlanFormOutcome = { ok: true; request: PlanRequest; traceRef?: PlanTraceRef } | { ok: false; errors: FieldError[] };

/** The peak rate a plan starts from when the lab runs a closed loop (no rate of its own). */
export const DEFAULT_PLAN_RATE_PER_SEC = 10;
/** Most GPUs one deployment may use on the page (the engine runs at most 64 instances). */
export const PAGE_MAX_GPUS = 64;
/** Highest price per GPU-hour the form takes, USD (about ten times the dearest rental). */
export const MAX_PRICE_PER_GPU_HOUR = 100;

const gpuIds = new Set(GPUS.map((g) => g.id));
const show = (x: number) => String(Number(x.toPrecision(6)));

/** The lab's levers (every setting it changed that the plan does not set itself), as the link writes them. */
export function leversFrom(s: Settings): string {
  const params = new URLSearchParams(settingsToQuery(s));
  for (const k of [...params.keys()]) if (PLAN_OWN_KEYS.has(k)) params.delete(k);
  return params.toString();
}

/** The form for the lab's current settings: its model, lengths, rate (else 10 req/s) and targets (else its workload's). */
export function planFormFrom(s: Settings): PlanForm {
  const named = s.workload !== 'custom' ? workloadById(s.workload) : undefined;
  const targets = workloadTargets(s.workload);
  const rate = s.rate !== null && Number.isFinite(s.rate) ? s.rate : DEFAULT_PLAN_RATE_PER_SEC;
  return {
    model: s.model,
    alsoModels: [],
    workload: s.workload,
    promptTokens: String(named?.promptTokens ?? s.prompt),
    outputTokens: String(named?.outputTokens ?? s.output),
    ratePerSec: show(rate),
    traffic: 'rate',
    traceWindow: traceWindowField.serialize(s.traceWindow),
    ttftSloMs: show(s.ttftSlo ?? targets.ttftSlo),
    tpotSloMs: show(s.tpotSlo ?? targets.tpotSlo),
    inTimePct: show(DEFAULT_IN_TIME_SHARE * 100),
    gpus: [...DEFAULT_PLAN_GPUS],
    maxGpus: String(DEFAULT_PLAN_MAX_GPUS),
    engines: [...DEFAULT_PLAN_ENGINES],
    splits: ['colocated'],
    prices: {},
    levers: leversFrom(s),
    useLevers: true,
  };
}

const DECIMAL = /^[+]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A typed number within [min, max] (whole when `integer`), or the reason it is not one. */
export function readField(raw: string, label: string, min: number, max: number, unit: string, integer = false): { ok: true; value: number } | { ok: false; message: string } {
  const t = raw.trim().replace(/,/g, '');
  if (t === '') return { ok: false, message: `${label} is empty: type a number from ${show(min)} to ${show(max)} ${unit}.` };
  const v = Number(t);
  if (!DECIMAL.test(t) || !Number.isFinite(v)) return { ok: false, message: `${label}: "${raw.slice(0, 20)}" is not a number.` };
  if (integer && !Number.isInteger(v)) return { ok: false, message: `${label} must be a whole number (got ${show(v)}).` };
  if (v < min) return { ok: false, message: `${label}: ${show(v)} ${unit} is below ${show(min)} ${unit}.` };
  if (v > max) return { ok: false, message: `${label}: ${show(v)} ${unit} is more than ${show(max)} ${unit}, beyond what the lab can plan.` };
  return { ok: true, value: v };
}

/** The planner's request for `f`, or every field that is wrong and why. */
export function validatePlanForm(f: PlanForm, spread: number): PlanFormOutcome {
  const errors: FieldError[] = [];
  const num = (field: keyof PlanForm, label: string, min: number, max: number, unit: string, integer = false): number => {
    const r = readField(f[field] as string, label, min, max, unit, integer);
    if (r.ok) return r.value;
    errors.push({ field, message: r.message });
    return NaN;
  };
  if (!MODELS.some((m) => m.id === f.model)) errors.push({ field: 'model', message: `"${f.model}" is not a model of the catalog.` });
  const models = [f.model, ...f.alsoModels.filter((m, i, all) => m !== f.model && all.indexOf(m) === i && MODELS.some((x) => x.id === m))];
  const traced = f.traffic !== 'rate';
  if (traced && !(BUILT_IN_TRACE_IDS as readonly string[]).includes(f.traffic)) errors.push({ field: 'traffic', message: `"${f.traffic}" is not a built-in trace.` });
  // A trace gives the lengths and the rate itself: the typed ones are neither read nor refused.
  const promptTokens = traced ? 0 : num('promptTokens', 'Prompt length', 1, SETTING_LIMITS.maxPrompt, 'tokens', true);
  const outputTokens = traced ? 0 : num('outputTokens', 'Output length', 1, SETTING_LIMITS.maxOutput, 'tokens', true);
  const ratePerSec = traced ? 0 : num('ratePerSec', 'Peak traffic', 0.01, 10_000, 'req/s');
  let traceRef: PlanTraceRef | undefined;
  if (traced) {
    const raw = f.traceWindow.trim();
    const w = raw === '' ? ({ ok: true, value: { fromS: 0, toS: null } } as const) : traceWindowField.parse(raw);
    if (w.ok) traceRef = { id: f.traffic as BuiltInTraceId, window: w.value };
    else errors.push({ field: 'traceWindow', message: `Trace window: ${w.reason}; or leave it empty for the whole trace.` });
  }
  const ttftSloMs = num('ttftSloMs', 'p90 TTFT target', 1, 600_000, 'ms');
  const tpotSloMs = num('tpotSloMs', 'p90 TPOT target', 0.1, 10_000, 'ms');
  const inTimePct = num('inTimePct', 'Share in time', 1, 100, '%');
  const maxGpus = num('maxGpus', 'Most GPUs', 1, PAGE_MAX_GPUS, 'GPUs', true);
  const gpus = f.gpus.filter((g) => gpuIds.has(g));
  if (gpus.length === 0) errors.push({ field: 'gpus', message: 'Pick at least one GPU to consider.' });
  const engines = f.engines.filter((e) => (ENGINE_IDS as readonly string[]).includes(e));
  if (engines.length === 0) errors.push({ field: 'engines', message: 'Pick at least one engine to consider.' });
  const splits = PLAN_SPLITS.filter((x) => f.splits.includes(x));
  if (splits.length === 0) errors.push({ field: 'splits', message: 'Pick colocated, disaggregated, or both.' });
  const pricePerGpuHour: Record<string, number> = {};
  for (const g of gpus) {
    const raw = f.prices[g]?.trim() ?? '';
    if (raw === '') continue;
    const label = GPUS.find((x) => x.id === g)?.label ?? g;
    const r = readField(raw, `Price of the ${label}`, 0.01, MAX_PRICE_PER_GPU_HOUR, 'USD per hour');
    if (r.ok) pricePerGpuHour[g] = r.value;
    else errors.push({ field: `price.${g}`, message: r.message });
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    request: {
      models, promptTokens, outputTokens, spread, ratePerSec, ttftSloMs, tpotSloMs, inTimeShare: inTimePct / 100,
      gpus, precisions: [...DEFAULT_PLAN_PRECISIONS], engines, splits, maxGpus, pricePerGpuHour, requests: DEFAULT_PLAN_REQUESTS, seed: DEFAULT_PLAN_SEED,
      ...(f.useLevers && f.levers !== '' ? { levers: f.levers } : {}),
    },
    ...(traceRef ? { traceRef } : {}),
  };
}

/** Prices given for some of the chosen GPUs but not all: the plan ranks by GPUs, and the page says which lack one. */
export function unpricedGpus(request: PlanRequest): string[] {
  const priced = Object.keys(request.pricePerGpuHour);
  return priced.length === 0 ? [] : request.gpus.filter((g) => !(g in request.pricePerGpuHour));
}
