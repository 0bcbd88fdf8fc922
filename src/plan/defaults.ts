/**
 * What a plan considers when the user does not say: the CLI's defaults and
 * the page's first form, one list for both so the two plans agree.
 */
import type { EngineId } from '../engine/engines/presets';

/** The data-centre GPUs a default plan considers (a laptop or gaming card is asked for by name). */
export const DEFAULT_PLAN_GPUS: readonly string[] = ['a100-80gb-sxm', 'h100-sxm', 'h200', 'b200', 'l40s', 'mi300x'];
/** Weight precisions a default plan tries, each only where the GPU computes in it. */
export const DEFAULT_PLAN_PRECISIONS: readonly string[] = ['bf16', 'fp8'];
/** Engines a default plan tries. */
export const DEFAULT_PLAN_ENGINES: readonly EngineId[] = ['vllm', 'trtllm'];
/** Most GPUs one deployment may use, by default. */
export const DEFAULT_PLAN_MAX_GPUS = 16;
/** Requests simulated per evaluation and the seed of every run, by default. */
export const DEFAULT_PLAN_REQUESTS = 400;
export const DEFAULT_PLAN_SEED = 42;
/** Share of requests that must meet both targets, by default. */
export const DEFAULT_IN_TIME_SHARE = 0.95;
