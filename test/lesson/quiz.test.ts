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
