import { lessonProfile } from '../../src/engine/profiles/lesson';
import type { IterationWork, LoadSpec, Scenario, ServerProfile, Slo } from '../../src/engine/types';
import { customWorkload, workloadById } from '../../src/engine/workloads';

/** A lesson-server scenario for a named workload; spread 0 unless given. */
export function lessonScenario(workload: string, load: LoadSpec, extra: Partial<Scenario> = {}, spread = 0): Scenario {
  const w = workloadById(workload);
  if (!w) throw new Error(`no workload ${workload}`);
  return {
    workload: { ...w, spread },
    server: lessonProfile(),
    load,
    slo: { ttftMs: 500, tpotMs: 50, e2eMs: null },
    requests: 1,
    seed: 7,
    chunkedPrefill: false,
    networkRttMs: 50,
    ...extra,
  };
}

export const users = (n: number): LoadSpec => ({ kind: 'closed', users: n, thinkMs: 0 });

/**
 * A server with round numbers for hand-worked cases: every iteration costs
 * 1 s, plus 0.1 s per prefill token; decoding is otherwise free.
 */
export function toyServer(kvCapacityTokens = 1_000_000, maxBatch = 64, chunkBudgetTokens = 512): ServerProfile {
  return {
    id: 'toy', label: 'Toy', kvCapacityTokens, maxBatch, chunkBudgetTokens,
    iterationSeconds: (w: IterationWork) => (w.prefillTokens + w.decodeSeqs === 0 ? 0 : 1 + 0.1 * w.prefillTokens),
  };
}

export const noSlo: Slo = { ttftMs: null, tpotMs: null, e2eMs: null };

/** A toy scenario: prompt 10, output 5, no spread, no network. */
export function toyScenario(load: LoadSpec, requests: number, server = toyServer(), prompt = 10, output = 5): Scenario {
  return { workload: customWorkload(prompt, output, 0), server, load, slo: noSlo, requests, seed: 1, chunkedPrefill: false, networkRttMs: 0, networkJitter: 0 };
}

/**
 * Recorded lengths the engine refuses, each with the reason it gives (three requests): the trace load
 * and the closed load with recorded lengths share one check, so their tests share one table.
 */
export const BAD_RECORDED_LENGTHS: [{ promptTokens: number[]; outputTokens?: number[] }, RegExp][] = [
  [{ promptTokens: [1, 2], outputTokens: [1, 2, 3] }, /one prompt length per request/],
  [{ promptTokens: [1, 2, 0], outputTokens: [1, 2, 3] }, /request 2's prompt length must be a whole number/],
  [{ promptTokens: [1, 2, 3], outputTokens: [1, 2.5, 3] }, /request 1's output length/],
  [{ promptTokens: [1, 2, 3] }, /both prompt and output lengths, or neither/],
];
