import type { Settings } from '../settings/schema';

/**
 * The `data-metric` ids of the lab's readouts (see the README's "Readouts").
 * The first eight are the headline readouts; the rest are the parts and
 * statistics beside them, so a lesson step can outline every number it quotes.
 */
export const METRIC_IDS = [
  'ttft', 'tpot', 'e2e', 'output-tokens', 'system-throughput', 'user-throughput', 'goodput', 'verdict',
  'ttft-network', 'ttft-queue', 'ttft-prefill', 'ttft-p50', 'ttft-p95', 'tpot-p50', 'tpot-p95',
  'requests-per-sec', 'slo-share', 'e2e-p50', 'ttft-mean', 'ttft-p99',
  'all-network', 'all-queue', 'all-prefill', 'tail-network', 'tail-queue', 'tail-prefill',
] as const;
export type MetricId = (typeof METRIC_IDS)[number];

/** Where one request's TTFT went, ms: network both ways, the queue, prefill. */
export interface TtftParts {
  networkMs: number;
  queueMs: number;
  prefillMs: number;
}

/**
 * The numbers of the current run, as the explanations quote them. The drawn
 * request is the one the timeline and the cards show; the run statistics are
 * over every completed request.
 */
export interface LiveNumbers {
  /** The drawn request (what the cards and the timeline show). */
  ttftMs: number;
  tpotMs: number;
  e2eMs: number;
  outputTokens: number;
  promptTokens: number;
  /** The drawn request's TTFT, part by part (the TTFT card's rows). */
  parts: TtftParts;
  /** The drawn request's decode time: first to last token, ms. */
  decodeMs: number;
  /** Whether the drawn request met every SLO target. */
  metSlo: boolean;
  /** Run statistics over completed requests. */
  ttftMeanMs: number;
  ttftP50Ms: number;
  ttftP95Ms: number;
  ttftP99Ms: number;
  tpotMeanMs: number;
  tpotP50Ms: number;
  tpotP95Ms: number;
  tpotP99Ms: number;
  e2eP50Ms: number;
  /** Mean TTFT parts of the slowest 1% of requests by TTFT (at least one request), and of all requests. */
  tailParts: TtftParts;
  allParts: TtftParts;
  /** Output tokens per second of the whole server. */
  systemTokPerSec: number;
  /** Streaming pace of a typical user (1000 / median TPOT). */
  userTokPerSec: number;
  requestsPerSec: number;
  goodputReqPerSec: number;
  /** Share 0..1 of completed requests that met every target. */
  sloMetShare: number;
  completed: number;
  /** Closed-loop users, or null for open-loop arrivals. */
  users: number | null;
  /** Open-loop request rate per second, or null for closed loop. */
  rateReqPerSec: number | null;
  ttftSloMs: number | null;
  tpotSloMs: number | null;
}

/** A number the student guesses before the lab moves: a positive value in `unit`. */
export interface NumberGuess {
  prompt: string;
  /** The unit the guess is read in; `ms` guesses may also be typed in seconds (`4 s`). */
  unit: 'ms';
  /** The live value the guess is compared with, in `unit`. */
  actual: (live: LiveNumbers) => number;
}

/**
 * A prediction the student commits to before the lab moves: one of several
 * answers (shown in a stable shuffled order, see `choiceOrder`), optionally
 * with a number to guess as well.
 */
export interface Prediction {
  prompt: string;
  choices: readonly string[];
  /** Index into `choices` (the data order, not the order shown). */
  correctIndex: number;
  guess?: NumberGuess;
}

/** One scenario the panel applies: a deep-link query string and a label for the button. */
export interface SetupStep {
  /** Button text, e.g. "Set up: chatbot reply, idle". */
  label: string;
  /** Deep-link query string without `?` (the same a course link would carry). */
  query: string;
  /** What to do or watch once this step is applied. */
  watchHint: string;
}

/** A part of a request's time an explanation can blame: a part of TTFT, or the decode that follows. */
export type CausePart = 'network' | 'queue' | 'prefill' | 'decode';

/** Whether an explanation still describes the lab as it is now. */
export type Applies = { ok: true } | { ok: false; message: string };

/** One "Try it yourself" question. */
export interface TryItQuestion {
  id: 1 | 2 | 3 | 4 | 5;
  /** A short name for the stepper. */
  title: string;
  question: string;
  prediction: Prediction;
  /** One step, or a "before" and an "after" step; the explanation reads the last. */
  steps: readonly SetupStep[];
  /** The readouts to look at. */
  watch: readonly MetricId[];
  /** Another part of the page worth a look for this question (an in-page anchor). */
  alsoSee?: { label: string; href: string };
  /** The lesson's answer in one sentence, without numbers (shown with the explanation). */
  answer: string;
  /**
   * The explanation, written from the live numbers of the last step; two-step
   * questions also get the numbers captured at the first step.
   */
  explain(live: LiveNumbers, before?: LiveNumbers): string;
  /**
   * The part of the breakdown the explanation names as the reason, computed
   * from the same numbers (tests check it against the largest change).
   */
  cause(live: LiveNumbers, before?: LiveNumbers): CausePart;
  /** False, with a message, when the settings no longer match what the explanation is about. */
  applies(settings: Settings): Applies;
}

/** A mental-model correction: the myth, and a scenario in which the lab shows it false. */
export interface MythCard {
  id: string;
  myth: string;
  /** Why it is wrong, in two or three sentences. */
  correction: string;
  /** Deep-link query string applied by "Show me". */
  query: string;
  /** What to look at once the scenario runs. */
  lookAt: string;
  watch: readonly MetricId[];
  /** One sentence of evidence written from the live numbers of the scenario. */
  evidence(live: LiveNumbers): string;
  /** A second scenario, for a correction with two halves (prompt length, then load): offered once the first is shown. */
  then?: MythStep;
}

/** The second "Show me" of a myth card: its button's label, scenario, what to look at, and evidence. */
export interface MythStep {
  /** The button's text, e.g. "Now add the queue: 16 users". */
  label: string;
  query: string;
  lookAt: string;
  watch: readonly MetricId[];
  evidence(live: LiveNumbers): string;
}

/** One term of the matching quiz and its definition. */
export interface QuizPair {
  id: string;
  term: string;
  definition: string;
}

/** Settings re-exported for question modules. */
export type { Settings };
