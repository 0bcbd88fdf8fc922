import type { Settings } from '../../settings/schema';
import type { TpotCause, TtftCause } from '../diagnosis/types';
import type { Applies, LiveNumbers, MetricId, Prediction, SetupStep } from '../types';

/** One step of a lever scene: a scenario, and whether the step before it becomes the pinned baseline. */
export interface SceneStep extends SetupStep {
  /** Pin the previous step's run as the baseline before applying this one, so the lab shows baseline → now. */
  pinPrevious: boolean;
}

/**
 * What a scene reads from one run: the live numbers every lesson step reads,
 * plus the parts the levers move (the drawn request's TPOT split, what the
 * prefix cache saved, how many sequences shared its steps, the cluster).
 * The scene panel shows these in its table, so an explanation quoting them
 * quotes numbers on screen.
 */
export interface SceneReading {
  live: LiveNumbers;
  /** The drawn request's TPOT, part by part, ms per token (they add up to its TPOT). */
  tpotParts: Record<TpotCause, number>;
  /** Prompt tokens of the drawn request found in the prefix cache. */
  cachedTokens: number;
  /** Prefill time the cached prefix saved the drawn request, ms. */
  prefillSavedMs: number;
  /** Sequences running on its instance, time-weighted over its decode. */
  decodeBatch: number;
  /** GPUs in the cluster, and those that only prefill (0 when colocated). */
  gpus: number;
  prefillGpus: number;
  /** The cluster in words: "1 instance", "4 replicas", "2 prefill + 2 decode". */
  layout: string;
  /** Speculative decoding of the run: draft tokens per step (0 = off) and the expected tokens a step yields. */
  specTokens: number;
  tokensPerStep: number;
  /** Disaggregated: the drawn request's KV transfer, ms (0 otherwise). */
  kvTransferMs: number;
}

/** The part of a request's time a scene blames for what changed. */
export type SceneCause = TtftCause | TpotCause;

/** One column of a scene's readings table. */
export interface SceneColumn {
  label: string;
  value: (r: SceneReading) => string;
  /** The `data-metric` of the readout this column repeats, if any (it is outlined with it). */
  metric?: MetricId;
}

/** One line of a scene's crossover chart: a lever setting, run at every load of the chart against the same run without it. */
export interface CrossoverMethod {
  /** Stable id (the chart's `data-method`, the method's `specMethod`). */
  id: string;
  /** The legend's name. */
  label: string;
  /** The setting that turns the lever on, a query added to the chart's base. */
  query: string;
}

/**
 * A chart a scene shows with its explanation: each method's speedup (TPOT p50
 * without ÷ with it) against the number of users, and where it crosses 1×.
 * Data, not pictures: the page sweeps `base` and `base&method.query` over
 * `users` in a worker, so the crossovers are the engine's.
 */
export interface SceneCrossover {
  title: string;
  /** What to look for, one sentence under the title. */
  subtitle: string;
  /** The server and workload every method runs on, as a query (the run without any method is this alone). */
  base: string;
  /** Concurrent users of each point (closed loop), ascending. */
  users: readonly number[];
  methods: readonly CrossoverMethod[];
}

/** A lever scene: the same predict → set up → observe → explain as a question, over several pinned steps. */
export interface LeverScene {
  id: 1 | 2 | 3;
  /** A short name for the stepper. */
  title: string;
  /** What a user would say: the complaint that sends you to this clock. */
  complaint: string;
  question: string;
  prediction: Prediction;
  steps: readonly SceneStep[];
  watch: readonly MetricId[];
  /** The table of readings, one row per step seen so far. */
  columns: readonly SceneColumn[];
  /** The lesson's point in one sentence, without numbers. */
  answer: string;
  /** Written from the readings of every step (the last one is the run on screen now), in paragraphs. */
  explain(readings: readonly SceneReading[]): readonly string[];
  /** The part the explanation names as the reason (tests check it against the engine's breakdown). */
  cause(readings: readonly SceneReading[]): SceneCause;
  /** False, with a message, when the lab no longer shows the last step. */
  applies(settings: Settings): Applies;
  /** A chart shown with the explanation, swept by the page (see `SceneCrossover`). */
  crossover?: SceneCrossover;
}
