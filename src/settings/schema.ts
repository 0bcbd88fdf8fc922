import { GPUS } from '../engine/profiles/gpus';
import { MODELS } from '../engine/profiles/models';
import { KV_PRECISIONS, PRECISIONS } from '../engine/profiles/precisions';
import { WORKLOAD_IDS, workloadById } from '../engine/workloads';
import { booleanField, enumField, numberField, optionalNumberField, type FieldKind } from './fields';
import { workloadTargets } from './targets';

/** A workload id accepted in links and on the command line. */
export type WorkloadId = (typeof WORKLOAD_IDS)[number];

/**
 * Every setting of the lab. The URL, the store and the CLI all read and write
 * these through `PARAMS`, so one table decides names, ranges and defaults.
 */
export interface Settings {
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
  /** `lesson`, or `hardware` for model × GPU × precision × TP. */
  server: 'lesson' | 'hardware';
  model: string;
  gpu: string;
  precision: string;
  tp: number;
  /** KV-cache precision, or `auto` to follow the weights. */
  kvPrecision: string;
  chunkedPrefill: boolean;
  /** Network round trip, ms. */
  networkMs: number;
}

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
  kvPrecision: 'auto',
  chunkedPrefill: false,
  networkMs: 50,
};

/** Hard limits of the settings (the engine's limits are wider). */
export const SETTING_LIMITS = { maxPrompt: 200_000, maxOutput: 32_768, maxUsers: 4096, maxRequests: 20_000 } as const;

/** One row of the schema table. */
export interface ParamDef<T> {
  /** Query-string key (camelCase). */
  key: string;
  /** CLI option name without dashes (kebab-case). */
  flag: string;
  kind: FieldKind<T>;
  /** One line for the README and `--help`. */
  doc: string;
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

/**
 * The schema table, in the order values are applied: a workload before the
 * lengths that override it, a load preset before explicit users or rate.
 */
export const PARAMS: readonly ParamDef<unknown>[] = [
  def<WorkloadId>({
    key: 'workload', flag: 'workload', kind: enumField(WORKLOAD_IDS),
    doc: 'Workload preset; prompt/output switch it to custom. Sets the TTFT and TPOT targets too, unless ttftSlo or tpotSlo is given.',
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
    doc: 'Mean prompt length in tokens (makes the workload custom).',
    apply(s, v) {
      if (v !== s.prompt) s.workload = 'custom';
      s.prompt = v;
      if (s.targetsFollowWorkload) Object.assign(s, workloadTargets(s.workload));
    },
    emit: (s) => (s.workload === 'custom' ? s.prompt : undefined),
  }),
  def<number>({
    key: 'output', flag: 'output', kind: numberField(1, SETTING_LIMITS.maxOutput, { integer: true }),
    doc: 'Mean output length in tokens (makes the workload custom).',
    apply(s, v) {
      if (v !== s.output) s.workload = 'custom';
      s.output = v;
      if (s.targetsFollowWorkload) Object.assign(s, workloadTargets(s.workload));
    },
    emit: (s) => (s.workload === 'custom' ? s.output : undefined),
  }),
  def<number>({ key: 'spread', flag: 'spread', kind: numberField(0, 0.9), doc: 'Relative spread of lengths around the means (0 = every request the same).', apply: (s, v) => { s.spread = v; }, emit: (s) => differs(s, 'spread') }),
  def<'idle' | 'busy'>({
    key: 'load', flag: 'load', kind: enumField(['idle', 'busy'] as const),
    doc: 'Load preset: idle = 1 user, busy = 16 users (closed loop).',
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
    doc: 'Concurrent users, closed loop; inf queues every request at t = 0.',
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
    doc: 'Open-loop request rate per second (Poisson or gamma); inf sends all at t = 0. Wins over users.',
    apply: (s, v) => { s.rate = v; },
    emit: (s) => (s.rate === null ? undefined : s.rate),
  }),
  def<number>({ key: 'burstiness', flag: 'burstiness', kind: numberField(0.05, 100), doc: 'Gamma shape of open-loop gaps: 1 = Poisson, below 1 burstier.', apply: (s, v) => { s.burstiness = v; }, emit: (s) => differs(s, 'burstiness') }),
  def<number>({ key: 'thinkMs', flag: 'think-ms', kind: numberField(0, 600_000), doc: 'Mean think time between a user\'s answer and next request, ms (closed loop).', apply: (s, v) => { s.thinkMs = v; }, emit: (s) => differs(s, 'thinkMs') }),
  def<number>({ key: 'requests', flag: 'requests', kind: numberField(1, SETTING_LIMITS.maxRequests, { integer: true }), doc: 'Requests per run.', apply: (s, v) => { s.requests = v; }, emit: (s) => differs(s, 'requests') }),
  def<number>({ key: 'seed', flag: 'seed', kind: numberField(0, 4294967295, { integer: true }), doc: 'Seed of every random draw; same seed, same numbers.', apply: (s, v) => { s.seed = v; }, emit: (s) => s.seed }),
  def<number | null>({
    key: 'ttftSlo', flag: 'ttft-slo', kind: optionalNumberField(0, 3_600_000),
    doc: 'TTFT target in ms, or off. Without it (and tpotSlo) the workload\'s target applies: autocomplete 100, chat and custom 500, summarize and report 10000.',
    apply: (s, v) => { s.ttftSlo = v; s.targetsFollowWorkload = false; },
    emit: (s) => (s.targetsFollowWorkload ? undefined : s.ttftSlo),
  }),
  def<number | null>({
    key: 'tpotSlo', flag: 'tpot-slo', kind: optionalNumberField(0, 3_600_000),
    doc: 'TPOT target in ms, or off. Without it (and ttftSlo) the workload\'s target applies: 50, or 200 for summarize and report.',
    apply: (s, v) => { s.tpotSlo = v; s.targetsFollowWorkload = false; },
    emit: (s) => (s.targetsFollowWorkload ? undefined : s.tpotSlo),
  }),
  def<number | null>({ key: 'e2eSlo', flag: 'e2e-slo', kind: optionalNumberField(0, 36_000_000), doc: 'End-to-end target in ms, or off (default).', apply: (s, v) => { s.e2eSlo = v; }, emit: (s) => differs(s, 'e2eSlo') }),
  def<'lesson' | 'hardware'>({ key: 'server', flag: 'server', kind: enumField(['lesson', 'hardware'] as const), doc: 'lesson (illustrative) or hardware (model × GPU × precision × TP).', apply: (s, v) => { s.server = v; }, emit: (s) => s.server }),
  def<string>({ key: 'model', flag: 'model', kind: enumField(MODELS.map((m) => m.id)), doc: 'Model id for a hardware server (see `list`); implies server=hardware.', apply: (s, v) => { s.model = v; s.server = 'hardware'; }, emit: (s) => hardware(s, 'model') }),
  def<string>({ key: 'gpu', flag: 'gpu', kind: enumField(GPUS.map((g) => g.id)), doc: 'GPU id for a hardware server (see `list`); implies server=hardware.', apply: (s, v) => { s.gpu = v; s.server = 'hardware'; }, emit: (s) => hardware(s, 'gpu') }),
  def<string>({ key: 'precision', flag: 'precision', kind: enumField(PRECISIONS.map((p) => p.id)), doc: 'Weight precision: fp16, bf16, fp8, int4, fp4.', apply: (s, v) => { s.precision = v; }, emit: (s) => hardware(s, 'precision') }),
  def<number>({ key: 'tp', flag: 'tp', kind: numberField(1, 8, { integer: true }), doc: 'Tensor-parallel degree, 1 to 8.', apply: (s, v) => { s.tp = v; }, emit: (s) => hardware(s, 'tp') }),
  def<string>({ key: 'kvPrecision', flag: 'kv-precision', kind: enumField(['auto', ...Object.keys(KV_PRECISIONS)]), doc: 'KV-cache precision (fp16, bf16, fp8) or auto.', apply: (s, v) => { s.kvPrecision = v; }, emit: (s) => (s.server === 'hardware' ? differs(s, 'kvPrecision') : undefined) }),
  def<boolean>({ key: 'chunkedPrefill', flag: 'chunked-prefill', kind: booleanField, doc: 'Chunk prefills under a token budget, mixed with decodes.', apply: (s, v) => { s.chunkedPrefill = v; }, emit: (s) => differs(s, 'chunkedPrefill') }),
  def<number>({ key: 'networkMs', flag: 'network-ms', kind: numberField(0, 10_000), doc: 'Network round trip in ms, half each way.', apply: (s, v) => { s.networkMs = v; }, emit: (s) => differs(s, 'networkMs') }),
];

