import { CLUSTER_DRIVER, runCluster } from './cluster/runCluster';
import { runScenario, type RunDriver } from './runSetup';
import { SOLO_DRIVER, soloRuns } from './cluster/soloDriver';
import type { RunResult, Scenario } from './types';

/** How `simulate` runs a scenario: nothing changes the result. */
export interface SimulateOptions {
  /**
   * `cluster`: the general event loop of `Instance`s, even where the
   * one-instance loop would run; `solo`: that loop, or an error where it does
   * not apply (the tests hold the two to the same bytes). Default `auto`:
   * the one-instance loop wherever it applies (`soloLoopTakes`).
   */
  driver?: 'auto' | 'cluster' | 'solo';
}

/** Either driver: the one-instance loop wherever it applies, the cluster's otherwise. */
const AUTO_DRIVER: RunDriver = { takes: () => true, run: (setup) => (soloRuns(setup.cfg, setup.levers) ? SOLO_DRIVER.run(setup) : runCluster(setup)) };

/**
 * Simulates a continuous-batching (iteration-level) server, as vLLM,
 * TensorRT-LLM and SGLang schedule, on one instance or on a cluster of them
 * (see `src/engine/cluster/`):
 * - FCFS admission while the batch limit and KV memory allow. `reserve`
 *   holds a request's whole footprint (prompt + output) from admission on,
 *   so nothing is ever preempted. `paged` holds KV blocks as tokens are
 *   computed; before each iteration every decoding request needs room for
 *   its next token, and when there is none the newest running request is
 *   preempted (KV freed, back to the front of the queue, prompt and tokens so
 *   far recomputed when it is admitted again). No request is admitted in an
 *   iteration that preempted (vLLM V1 does the same).
 * - Each iteration advances every decoding request by one token and fills
 *   the rest of the token budget with prefill: chunks of prompts when chunked,
 *   whole prompts otherwise (see `TokenBudget`). A prefill in the same
 *   iteration stretches the decoders' gap: prefill interference.
 * - Between events the batch is fixed, so a run of identical decode steps is
 *   advanced in one go: cost grows with requests and preemptions, not tokens.
 *   KV grows one token per sequence per step; a run's step time is taken at
 *   its mean KV, which keeps the run's total exact for costs linear in KV.
 * - Levers (all off unless the scenario asks): a cached prompt prefix is not
 *   prefilled (`levers/prefix.ts`); speculative decoding verifies K drafted
 *   tokens per step (`levers/speculative.ts`); replicas sit behind a
 *   least-outstanding-requests balancer (`cluster/router.ts`); disaggregated
 *   prefill instances hand each prompt's KV to a decode instance over the
 *   GPUs' link (`levers/kvTransfer.ts`).
 * Metrics count the scenario's measurement window (default every request).
 * - One request in fifty is a reference request (see `reference.ts`): the
 *   workload's mean lengths and the mean network delay; the timeline draws one.
 * Times are seconds from the first send. Same scenario → byte-identical result.
 * A run on one instance with reserve admission, mixed batches and no lever
 * goes through `cluster/soloLoop.ts`, the same decisions in one function
 * (a cold first run takes a third less time or better: the README's
 * "Measuring speed"); the result is the same.
 */
export function simulate(scenario: Scenario, options: SimulateOptions = {}): RunResult {
  const driver = options.driver === 'cluster' ? CLUSTER_DRIVER : options.driver === 'solo' ? SOLO_DRIVER : AUTO_DRIVER;
  const result = runScenario(scenario, driver);
  if (result === null) throw new Error('engine invariant: the one-instance loop was asked for a run it does not take');
  return result;
}
