import { describe, expect, it } from 'vitest';
import { DEFINITION_ORDER, QUIZ_PAIRS, scoreQuiz } from '../../src/lesson/quiz';

describe('matching quiz', () => {
  it('pairs five terms with five definitions, ids unique', () => {
    expect(QUIZ_PAIRS).toHaveLength(5);
    expect(new Set(QUIZ_PAIRS.map((p) => p.id)).size).toBe(5);
    expect(QUIZ_PAIRS.map((p) => p.term)).toEqual(expect.arrayContaining(['TTFT', 'TPOT']));
  });
  it('offers every definition once, none at its own term\'s position', () => {
    expect([...DEFINITION_ORDER].sort()).toEqual(QUIZ_PAIRS.map((p) => p.id).sort());
    QUIZ_PAIRS.forEach((p, i) => expect(DEFINITION_ORDER[i]).not.toBe(p.id));
  });
  it('scores correct matches', () => {
    expect(scoreQuiz({})).toEqual({ correct: 0, total: 5 });
    const all = Object.fromEntries(QUIZ_PAIRS.map((p) => [p.id, p.id]));
    expect(scoreQuiz(all)).toEqual({ correct: 5, total: 5 });
    expect(scoreQuiz({ ...all, ttft: 'tpot', tpot: 'ttft' })).toEqual({ correct: 3, total: 5 });
  });
  it('matches the lesson: prefill dominates TTFT, decode dominates TPOT', () => {
    const def = (id: string) => QUIZ_PAIRS.find((p) => p.id === id)!.definition;
    expect(def('ttft-phase')).toMatch(/prefill/i);
    expect(def('tpot-phase')).toMatch(/decode/i);
    expect(def('total')).toMatch(/TTFT \+ TPOT/);
  });
});

describe('no definition gives itself away', () => {
  it('no definition spells out its own term or its expansion', () => {
    const expansions: Record<string, RegExp> = { ttft: /time to first token|\bTTFT\b/i, tpot: /time per output token|\bTPOT\b/i };
    for (const p of QUIZ_PAIRS) if (expansions[p.id]) expect(p.definition).not.toMatch(expansions[p.id]);
  });
  it('E2E is not called what a user perceives (streaming users feel TTFT and TPOT)', () => {
    const total = QUIZ_PAIRS.find((p) => p.id === 'total')!;
    expect(total.term).not.toMatch(/perceiv/i);
    expect(total.term).toMatch(/end-to-end/i);
  });
});
