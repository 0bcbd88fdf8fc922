import { ENGINE_IDS, type EngineId } from '../engine/engines/presets';
import { GPUS } from '../engine/profiles/gpus';
import { MODELS } from '../engine/profiles/models';
import { KV_PRECISIONS, PRECISIONS } from '../engine/profiles/precisions';
import { WORKLOAD_IDS, workloadById } from '../engine/workloads';
import type { AdmissionPolicy } from '../engine/types';
import { MAX_INSTANCES } from '../engine/levers/config';
import { DEFAULT_SPEC_DRAFT_COST, MAX_SPEC_TOKENS } from '../engine/levers/speculative';
import { MAX_SPEC_TREE_TOKENS, METHOD_DEFAULT_TOKENS, SPEC_METHODS, type SpecMethodId } from '../engine/levers/specMethodIds';
import { autoBooleanField, autoEnumField, autoNumberField } from './autoFields';
import { enumField, numberField, optionalNumberField, type FieldKind } from './fields';
import { workloadTargets } from './targets';
import { BUILT_IN_TRACE_IDS, type BuiltInTraceId } from '../import/traceCatalog';
import { DEFAULT_TRACE_WINDOW, sameWindow, traceWindowField, type TraceWindow } from './traceFields';
import { PREFIX_DEFAULTS, PREFIX_PARAMS, type PrefixSettings } from './prefixFields';
import { POOL_DEFAULTS, POOL_PARAMS, type PoolSettings } from './poolFields';

/** A workload id accepted in links and on the command line. */
export type WorkloadId = (typeof WORKLOAD_IDS)[number];

/**
 * Every setting of the lab. The URL, the store and the CLI all read and write
 * these through `PARAMS`, so one table decides names, ranges and defaults.
 */
export interface Settings extends PrefixSettings, PoolSettings {
  workload: WorkloadId;
  /** Mean prompt length, tokens. */
  prompt: number;
  /** Mean output length, tokens. */
  output: number;
  /** Relative spread of lengths, 0..0.9. */
  spread: number;
  /** Closed-loop concurrent users. */
  users: number;
  /** Open-loop request rate per second (Infinity = all at t = 0), or null for closed loop. */
  rate: number | null;
  /** Gamma shape of open-loop gaps: 1 = Poisson, < 1 burstier. */
  burstiness: number;
  /** Mean think time between a user's answer and next request, ms. */
  thinkMs: number;
  /** Requests per run. */
  requests: number;
  seed: number;
  /**
   * True while the TTFT and TPOT targets are the workload's own (see
   * `targets.ts`); false once the user (or a link's `ttftSlo`/`tpotSlo`) sets them.
   */
  targetsFollowWorkload: boolean;
  /** TTFT target, ms (null = none). */
  ttftSlo: number | null;
  /** TPOT target, ms (null = none). */
  tpotSlo: number | null;
  /** E2E target, ms (null = none). */
  e2eSlo: number | null;
  /** `lesson`, `hardware` for model × GPU × precision × TP, or `custom` for a given idle TTFT and pace. */
  server: ServerKind;
  /** Custom server: idle time to first token at the client, ms (network round trip included). */
  customTtftMs: number;
  /** Custom server: streaming pace, tokens per second. */
  customTokPerSec: number;
  model: string;
  gpu: string;
  precision: string;
  tp: number;
  /** Expert parallelism for a MoE model: experts placed whole across the TP group (`on`) or each sharded over it (`off`, TP). */
  expertParallel: 'on' | 'off';
  /** KV-cache precision, or `auto` to follow the weights. */
  kvPrecision: string;
  /** Serving engine whose defaults fill in the serving settings left on auto; `none` = the lab's own scheduler. */
  engine: 'none' | EngineId;
  /** Most sequences running at once, or null for the engine's (else the server's). */
  maxBatch: number | null;
  /** Tokens one iteration may carry, or null for the engine's (else the lab's default). */
  tokenBudget: number | null;
  /** Chunked prefill on or off, or null for the engine's (else off). */
  chunkedPrefill: boolean | null;
  /** Share of GPU memory the engine may use (hardware servers), or null for the engine's. */
  gpuMemoryUtilization: number | null;
  /** KV admission policy, or null for the engine's (else reserve). */
  admission: AdmissionPolicy | null;
  /** Which requests the metrics count: every one, or the steady state. */
  window: 'all' | 'steady';
  /** Requests left out at the start (warm-up). */
  warmup: number;
  /** Network round trip, ms. */
  networkMs: number;
  /** Share (0..1) of each prompt already in the KV cache as a shared prefix; 0 = off. */
  prefixCacheShare: number;
  /** Speculative decoding: how drafts are made (`custom` = the three numbers K, A, C). */
  specMethod: SpecMethodId;
  /** Speculative decoding: draft tokens per step (0 = off). */
  specTokens: number;
  /** Speculative decoding: probability (0..1) that each drafted token is accepted, or null for the method's published default. */
  specAcceptance: number | null;
  /** Speculative decoding with a draft model: its catalog id, or `auto` for the smallest of the target's family. */
  specDraft: string;
  /** Speculative decoding with EAGLE: tokens the tree verifies per sequence per step, or null for the published tree. */
  specTreeWidth: number | null;
  /** Speculative decoding: the draft's cost per drafted token, relative to a target decode step. */
  specDraftCost: number;
  /** Identical instances behind a least-outstanding-requests balancer. */
  replicas: number;
  /** Disaggregated: GPUs that only prefill (a multiple of tp); 0 with decodeGpus 0 = colocated. */
  prefillGpus: number;
  /** Disaggregated: GPUs that only decode (a multiple of tp). */
  decodeGpus: number;
  /** Ranges on hardware predictions (edge runs at the spreads of `src/engine/uncertainty`): on, or off to skip them. */
  ranges: 'on' | 'off';
  /** A built-in request trace the Trace section replays on this server, or `off`. */
  trace: 'off' | BuiltInTraceId;
  /** The slice of the trace replayed, seconds of its own time. */
  traceWindow: TraceWindow;
  /** Trace time runs this many times faster (2 = the same requests in half the time). */
  traceSpeed: number;
}

/** Kinds of server a scenario can run on. */
export type ServerKind = 'lesson' | 'hardware' | 'custom';

/** Users for the idle and busy load presets. */
export const LOAD_PRESETS = { idle: 1, busy: 16 } as const;

/** Default settings: a chatbot reply on the lesson server, idle, with the chat targets. */
export const DEFAULT_SETTINGS: Readonly<Settings> = {
  workload: 'chat',
  prompt: workloadById('chat')!.promptTokens,
  output: workloadById('chat')!.outputTokens,
  spread: 0.2,
  users: 1,
  rate: null,
  burstiness: 1,
  thinkMs: 0,
  requests: 1000,
  seed: 42,
  targetsFollowWorkload: true,
  ...workloadTargets('chat'),
  e2eSlo: null,
  server: 'lesson',
  model: 'llama-3.1-8b',
  gpu: 'h100-sxm',
  precision: 'bf16',
  tp: 1,
  expertParallel: 'off',
  kvPrecision: 'auto',
  engine: 'none',
  maxBatch: null,
  tokenBudget: null,
  chunkedPrefill: null,
  gpuMemoryUtilization: null,
  admission: null,
  window: 'all',
  warmup: 0,
  networkMs: 50,
  customTtftMs: 5000,
  customTokPerSec: 120,
  prefixCacheShare: 0,
  ...PREFIX_DEFAULTS,
  specMethod: 'custom',
  specTokens: 0,
  specAcceptance: null,
  specDraft: 'auto',
  specTreeWidth: null,
  specDraftCost: DEFAULT_SPEC_DRAFT_COST,
  replicas: 1,
  prefillGpus: 0,
  decodeGpus: 0,
  ...POOL_DEFAULTS,
  ranges: 'on',
  trace: 'off',
  traceWindow: DEFAULT_TRACE_WINDOW,
  traceSpeed: 1,
};

/** Hard limits of the settings (the engine's limits are wider). */
export const SETTING_LIMITS = { maxPrompt: 200_000, maxOutput: 32_768, maxUsers: 4096, maxRequests: 20_000, maxBatch: 16_384, maxTokenBudget: 1_048_576, maxCustomTtftMs: 600_000, maxCustomTokPerSec: 100_000 } as const;

/** One row of the schema table. */
export interface ParamDef<T> {
  /** Query-string key (camelCase). */
  key: string;
  /** CLI option name without dashes (kebab-case). */
  flag: string;
  kind: FieldKind<T>;
  /** Writes a parsed value into settings (may touch related fields). */
  apply(s: Settings, value: T): void;
  /** The value to put in a link, or undefined to leave the key out. */
  emit(s: Settings): T | undefined;
}

function def<T>(d: ParamDef<T>): ParamDef<unknown> {
  return d as ParamDef<unknown>;
}

const differs = <K extends keyof Settings>(s: Settings, k: K): Settings[K] | undefined => (s[k] !== DEFAULT_SETTINGS[k] ? s[k] : undefined);
const hardware = <K extends keyof Settings>(s: Settings, k: K): Settings[K] | undefined => (s.server === 'hardware' ? s[k] : undefined);
const custom = <K extends keyof Settings>(s: Settings, k: K): Settings[K] | undefined => (s.server === 'custom' ? s[k] : undefined);

/**
 * The schema table, in the order values are applied: a workload before the
 * lengths that override it, a load preset before explicit users or rate.
 */
export const PARAMS: readonly ParamDef<unknown>[] = [
  def<WorkloadId>({
    key: 'workload', flag: 'workload', kind: enumField(WORKLOAD_IDS),
    
    apply(s, v) {
      s.workload = v;
      const w = workloadById(v);
      if (w) {
        s.prompt = w.promptTokens;
        s.output = w.outputTokens;
      }
      if (s.targetsFollowWorkload) Object.assign(s, workloadTargets(v));
    },
    emit: (s) => s.workload,
  }),
  def<number>({
    key: 'prompt', flag: 'prompt', kind: numberField(1, SETTING_LIMITS.maxPrompt, { integer: true }),
    
    apply(s, v) {
      if (v !== s.prompt) s.workload = 'custom';
      s.prompt = v;
      if (s.targetsFollowWorkload) Object.assign(s, workloadTargets(s.workload));
    },
    emit: (s) => (s.workload === 'custom' ? s.prompt : undefined),
  }),
  def<number>({
    key: 'output', flag: 'output', kind: numberField(1, SETTING_LIMITS.maxOutput, { integer: true }),
    
    apply(s, v) {
      if (v !== s.output) s.workload = 'custom';
      s.output = v;
      if (s.targetsFollowWorkload) Object.assign(s, workloadTargets(s.workload));
    },
    emit: (s) => (s.workload === 'custom' ? s.output : undefined),
  }),
  def<number>({ key: 'spread', flag: 'spread', kind: numberField(0, 0.9), apply: (s, v) => { s.spread = v; }, emit: (s) => differs(s, 'spread') }),
  def<'idle' | 'busy'>({
    key: 'load', flag: 'load', kind: enumField(['idle', 'busy'] as const),
    
    apply(s, v) {
      s.users = LOAD_PRESETS[v];
      s.rate = null;
    },
    emit(s) {
      if (s.rate !== null) return undefined;
      return s.users === LOAD_PRESETS.idle ? 'idle' : s.users === LOAD_PRESETS.busy ? 'busy' : undefined;
    },
  }),
  def<number>({
    key: 'users', flag: 'users', kind: numberField(1, SETTING_LIMITS.maxUsers, { integer: true, allowInf: true }),
    
    apply(s, v) {
      if (v === Infinity) s.rate = Infinity;
      else {
        s.users = v;
        s.rate = null;
      }
    },
    emit: (s) => (s.rate === null && s.users !== LOAD_PRESETS.idle && s.users !== LOAD_PRESETS.busy ? s.users : undefined),
  }),
  def<number>({
    key: 'rate', flag: 'rate', kind: numberField(0.001, 100_000, { allowInf: true }),
    
    apply: (s, v) => { s.rate = v; },
    emit: (s) => (s.rate === null ? undefined : s.rate),
  }),
  def<number>({ key: 'burstiness', flag: 'burstiness', kind: numberField(0.05, 100), apply: (s, v) => { s.burstiness = v; }, emit: (s) => differs(s, 'burstiness') }),
  def<number>({ key: 'thinkMs', flag: 'think-ms', kind: numberField(0, 600_000), apply: (s, v) => { s.thinkMs = v; }, emit: (s) => differs(s, 'thinkMs') }),
  def<number>({ key: 'requests', flag: 'requests', kind: numberField(1, SETTING_LIMITS.maxRequests, { integer: true }), apply: (s, v) => { s.requests = v; }, emit: (s) => differs(s, 'requests') }),
  def<number>({ key: 'seed', flag: 'seed', kind: numberField(0, 4294967295, { integer: true }), apply: (s, v) => { s.seed = v; }, emit: (s) => s.seed }),
  def<number | null>({
    key: 'ttftSlo', flag: 'ttft-slo', kind: optionalNumberField(0, 3_600_000),
    
    apply: (s, v) => { s.ttftSlo = v; s.targetsFollowWorkload = false; },
    emit: (s) => (s.targetsFollowWorkload ? undefined : s.ttftSlo),
  }),
  def<number | null>({
    key: 'tpotSlo', flag: 'tpot-slo', kind: optionalNumberField(0, 3_600_000),
    
    apply: (s, v) => { s.tpotSlo = v; s.targetsFollowWorkload = false; },
    emit: (s) => (s.targetsFollowWorkload ? undefined : s.tpotSlo),
  }),
  def<number | null>({ key: 'e2eSlo', flag: 'e2e-slo', kind: optionalNumberField(0, 36_000_000), apply: (s, v) => { s.e2eSlo = v; }, emit: (s) => differs(s, 'e2eSlo') }),
  def<ServerKind>({ key: 'server', flag: 'server', kind: enumField(['lesson', 'hardware', 'custom'] as const), apply: (s, v) => { s.server = v; }, emit: (s) => s.server }),
  def<number>({ key: 'customTtftMs', flag: 'custom-ttft-ms', kind: numberField(0, SETTING_LIMITS.maxCustomTtftMs), apply: (s, v) => { s.customTtftMs = v; s.server = 'custom'; }, emit: (s) => custom(s, 'customTtftMs') }),
  def<number>({ key: 'customTokPerSec', flag: 'custom-tok-per-sec', kind: numberField(0.1, SETTING_LIMITS.maxCustomTokPerSec), apply: (s, v) => { s.customTokPerSec = v; s.server = 'custom'; }, emit: (s) => custom(s, 'customTokPerSec') }),
  def<string>({ key: 'model', flag: 'model', kind: enumField(MODELS.map((m) => m.id)), apply: (s, v) => { s.model = v; s.server = 'hardware'; }, emit: (s) => hardware(s, 'model') }),
  def<string>({ key: 'gpu', flag: 'gpu', kind: enumField(GPUS.map((g) => g.id)), apply: (s, v) => { s.gpu = v; s.server = 'hardware'; }, emit: (s) => hardware(s, 'gpu') }),
  def<string>({ key: 'precision', flag: 'precision', kind: enumField(PRECISIONS.map((p) => p.id)), apply: (s, v) => { s.precision = v; }, emit: (s) => hardware(s, 'precision') }),
  def<number>({ key: 'tp', flag: 'tp', kind: numberField(1, 8, { integer: true }), apply: (s, v) => { s.tp = v; }, emit: (s) => hardware(s, 'tp') }),
  def<'on' | 'off'>({ key: 'expertParallel', flag: 'expert-parallel', kind: enumField(['on', 'off'] as const), apply: (s, v) => { s.expertParallel = v; }, emit: (s) => differs(s, 'expertParallel') }),
  def<string>({ key: 'kvPrecision', flag: 'kv-precision', kind: enumField(['auto', ...Object.keys(KV_PRECISIONS)]), apply: (s, v) => { s.kvPrecision = v; }, emit: (s) => (s.server === 'hardware' ? differs(s, 'kvPrecision') : undefined) }),
  def<'none' | EngineId>({
    key: 'engine', flag: 'engine', kind: enumField(['none', ...ENGINE_IDS] as const),
    
    apply: (s, v) => { s.engine = v; }, emit: (s) => differs(s, 'engine'),
  }),
  def<number | null>({ key: 'maxBatch', flag: 'max-batch', kind: autoNumberField(1, SETTING_LIMITS.maxBatch, { integer: true }), apply: (s, v) => { s.maxBatch = v; }, emit: (s) => differs(s, 'maxBatch') }),
  def<number | null>({ key: 'tokenBudget', flag: 'token-budget', kind: autoNumberField(1, SETTING_LIMITS.maxTokenBudget, { integer: true }), apply: (s, v) => { s.tokenBudget = v; }, emit: (s) => differs(s, 'tokenBudget') }),
  def<boolean | null>({ key: 'chunkedPrefill', flag: 'chunked-prefill', kind: autoBooleanField, apply: (s, v) => { s.chunkedPrefill = v; }, emit: (s) => differs(s, 'chunkedPrefill') }),
  def<number | null>({ key: 'gpuMemoryUtilization', flag: 'gpu-memory-utilization', kind: autoNumberField(0.05, 1), apply: (s, v) => { s.gpuMemoryUtilization = v; }, emit: (s) => differs(s, 'gpuMemoryUtilization') }),
  def<AdmissionPolicy | null>({ key: 'admission', flag: 'admission', kind: autoEnumField(['paged', 'reserve'] as const), apply: (s, v) => { s.admission = v; }, emit: (s) => differs(s, 'admission') }),
  def<'all' | 'steady'>({ key: 'window', flag: 'window', kind: enumField(['all', 'steady'] as const), apply: (s, v) => { s.window = v; }, emit: (s) => differs(s, 'window') }),
  def<number>({ key: 'warmup', flag: 'warmup', kind: numberField(0, SETTING_LIMITS.maxRequests - 1, { integer: true }), apply: (s, v) => { s.warmup = v; }, emit: (s) => differs(s, 'warmup') }),
  def<number>({ key: 'networkMs', flag: 'network-ms', kind: numberField(0, 10_000), apply: (s, v) => { s.networkMs = v; }, emit: (s) => differs(s, 'networkMs') }),
  def<number>({ key: 'prefixCacheShare', flag: 'prefix-cache-share', kind: numberField(0, 1), apply: (s, v) => { s.prefixCacheShare = v; }, emit: (s) => differs(s, 'prefixCacheShare') }),
  ...PREFIX_PARAMS,
  def<SpecMethodId>({
    key: 'specMethod', flag: 'spec-method', kind: enumField(SPEC_METHODS),
    
    apply(s, v) {
      s.specMethod = v;
      if (v !== 'custom' && s.specTokens === 0) s.specTokens = METHOD_DEFAULT_TOKENS[v];
    },
    emit: (s) => differs(s, 'specMethod'),
  }),
  def<number>({ key: 'specTokens', flag: 'spec-tokens', kind: numberField(0, MAX_SPEC_TOKENS, { integer: true }), apply: (s, v) => { s.specTokens = v; }, emit: (s) => differs(s, 'specTokens') }),
  def<number | null>({ key: 'specAcceptance', flag: 'spec-acceptance', kind: autoNumberField(0, 1), apply: (s, v) => { s.specAcceptance = v; }, emit: (s) => differs(s, 'specAcceptance') }),
  def<number>({ key: 'specDraftCost', flag: 'spec-draft-cost', kind: numberField(0, 10), apply: (s, v) => { s.specDraftCost = v; }, emit: (s) => differs(s, 'specDraftCost') }),
  def<string>({ key: 'specDraft', flag: 'spec-draft', kind: enumField(['auto', ...MODELS.map((m) => m.id)]), apply: (s, v) => { s.specDraft = v; }, emit: (s) => differs(s, 'specDraft') }),
  def<number | null>({ key: 'specTreeWidth', flag: 'spec-tree-width', kind: autoNumberField(2, MAX_SPEC_TREE_TOKENS, { integer: true }), apply: (s, v) => { s.specTreeWidth = v; }, emit: (s) => differs(s, 'specTreeWidth') }),
  def<number>({ key: 'replicas', flag: 'replicas', kind: numberField(1, MAX_INSTANCES, { integer: true }), apply: (s, v) => { s.replicas = v; }, emit: (s) => differs(s, 'replicas') }),
  def<number>({ key: 'prefillGpus', flag: 'prefill-gpus', kind: numberField(0, MAX_INSTANCES * 8, { integer: true }), apply: (s, v) => { s.prefillGpus = v; }, emit: (s) => differs(s, 'prefillGpus') }),
  def<number>({ key: 'decodeGpus', flag: 'decode-gpus', kind: numberField(0, MAX_INSTANCES * 8, { integer: true }), apply: (s, v) => { s.decodeGpus = v; }, emit: (s) => differs(s, 'decodeGpus') }),
  ...POOL_PARAMS,
  def<'on' | 'off'>({ key: 'ranges', flag: 'ranges', kind: enumField(['on', 'off'] as const), apply: (s, v) => { s.ranges = v; }, emit: (s) => differs(s, 'ranges') }),
  // The CLI reads --trace, --trace-window and --trace-speed itself (it also takes a file, src/cli/trace.ts); these rows are the page's.
  def<'off' | BuiltInTraceId>({ key: 'trace', flag: 'trace', kind: enumField(['off', ...BUILT_IN_TRACE_IDS] as const), apply: (s, v) => { s.trace = v; }, emit: (s) => differs(s, 'trace') }),
  def<TraceWindow>({ key: 'traceWindow', flag: 'trace-window', kind: traceWindowField, apply: (s, v) => { s.traceWindow = v; }, emit: (s) => (sameWindow(s.traceWindow, DEFAULT_TRACE_WINDOW) ? undefined : s.traceWindow) }),
  def<number>({ key: 'traceSpeed', flag: 'trace-speed', kind: numberField(0.01, 1000), apply: (s, v) => { s.traceSpeed = v; }, emit: (s) => differs(s, 'traceSpeed') }),
];
