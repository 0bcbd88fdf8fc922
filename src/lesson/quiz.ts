import type { QuizPair } from './types';

/**
 * The matching quiz: five terms, five definitions. The page shuffles the
 * definitions deterministically so the order never gives the answer away.
 */
export const QUIZ_PAIRS: readonly QuizPair[] = [
  { id: 'ttft', term: 'TTFT', definition: 'Wall-clock time from sending the request until the first token with content reaches the client' },
  { id: 'tpot', term: 'TPOT', definition: 'The average gap between one streamed token and the next, once the answer has started' },
  { id: 'ttft-phase', term: 'The phase that dominates TTFT', definition: 'Prefill: one large, compute-bound pass over the entire prompt' },
  { id: 'tpot-phase', term: 'The phase that dominates TPOT', definition: 'Decode: one memory-bandwidth-bound step for every token generated' },
  // End to end, not "perceived": a streaming user feels TTFT and TPOT, not E2E (the lesson's fourth correction).
  { id: 'total', term: 'End-to-end latency of an N-token reply (what a non-streamed call waits for)', definition: 'TTFT + TPOT × (N − 1)' },
];

/**
 * The order in which definitions are offered: a fixed permutation in which no
 * definition sits at its term's position.
 */
export const DEFINITION_ORDER: readonly string[] = ['tpot-phase', 'total', 'tpot', 'ttft', 'ttft-phase'];

/** Score of `answers` (term id → chosen definition id): correct matches out of all terms. */
export function scoreQuiz(answers: Readonly<Record<string, string | undefined>>): { correct: number; total: number } {
  const correct = QUIZ_PAIRS.filter((p) => answers[p.id] === p.id).length;
  return { correct, total: QUIZ_PAIRS.length };
}
