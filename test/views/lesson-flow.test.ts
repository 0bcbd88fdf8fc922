import { describe, expect, it } from 'vitest';
import { questionById } from '../../src/lesson/questions';
import { PROGRESS_KEY, type StorageLike } from '../../src/lesson/progress';
import { atLastStep, flowReducer, initialFlow, parseGuess, predictionFeedback, questionParam } from '../../src/views/lesson/tryItFlow';
import { createProgressStore } from '../../src/views/lesson/progressStore';
import { METRIC_NAMES, watchValue } from '../../src/views/lesson/metricNames';
import { METRIC_IDS } from '../../src/lesson/types';
import { liveOf } from '../lesson/run';

describe('try-it flow: predict → set up → observe → explain', () => {
  const q1 = questionById(1)!;
  const q2 = questionById(2)!;

  it('nothing is applied, and nothing explained, before a prediction is committed', () => {
    const s0 = initialFlow(1);
    expect(s0.phase).toBe('predict');
    expect(flowReducer(s0, { type: 'apply', step: 1, before: null })).toBe(s0);
    expect(flowReducer(s0, { type: 'looked' })).toBe(s0);
  });
  it('a two-step question: commit sets up step 0, the switch keeps the "before" numbers, "I\'ve looked" explains', () => {
    const before = liveOf(q1.steps[0].query);
    let s = flowReducer(initialFlow(1), { type: 'commit', value: 2, guess: null });
    expect(s).toMatchObject({ phase: 'observe', step: 0, committed: 2 });
    expect(atLastStep(s, q1)).toBe(false);
    s = flowReducer(s, { type: 'apply', step: 1, before });
    expect(s.before).toBe(before);
    expect(atLastStep(s, q1)).toBe(true);
    expect(s.phase).toBe('observe');
    // The prediction is locked once the lab has moved.
    expect(flowReducer(s, { type: 'commit', value: 3, guess: null }).committed).toBe(2);
    s = flowReducer(s, { type: 'looked' });
    expect(s.phase).toBe('explain');
  });
  it('a one-step question still has an observe step before the explanation', () => {
    let s = flowReducer(initialFlow(2), { type: 'commit', value: 0, guess: null });
    expect(s).toMatchObject({ phase: 'observe', step: 0 });
    expect(atLastStep(s, q2)).toBe(true);
    s = flowReducer(s, { type: 'looked' });
    expect(s.phase).toBe('explain');
  });
  it('an answer link opens the explanation at the last step, with no prediction', () => {
    expect(flowReducer(initialFlow(1), { type: 'answer', questionId: 4, lastStep: 1 })).toMatchObject({ questionId: 4, phase: 'explain', step: 1, fromLink: true, committed: null });
  });
  it('selecting a question starts at its prediction', () => {
    expect(flowReducer(initialFlow(1), { type: 'select', questionId: 4 })).toMatchObject({ questionId: 4, phase: 'predict', step: -1, committed: null });
  });
});

describe('?question=N and &answer', () => {
  it.each([
    ['?question=3', { id: 3, answer: false }],
    ['?workload=chat&question=5', { id: 5, answer: false }],
    ['?question=2&answer=1', { id: 2, answer: true }],
    ['?question=2&answer', { id: 2, answer: true }],
    ['?question=2&answer=no', { id: 2, answer: false }],
    ['', { id: null, notice: null }],
    ['?workload=chat', { id: null, notice: null }],
  ])('%s', (search, want) => expect(questionParam(search, 5)).toEqual(want));
  it.each(['?question=0', '?question=6', '?question=q2', '?question=', '?question=2.5'])('%s names no question: a notice, nothing set up', (search) => {
    const out = questionParam(search, 5);
    expect(out.id).toBeNull();
    expect('notice' in out && out.notice).toMatch(/numbered 1 to 5/);
  });
  it('answer without question: a notice', () => {
    const out = questionParam('?answer=1', 5);
    expect(out.id).toBeNull();
    expect('notice' in out && out.notice).toMatch(/no "question"/);
  });
});

describe('guesses are positive numbers with a unit', () => {
  const guess = { unit: 'ms' as const };
  it.each([
    ['800', 800],
    ['800 ms', 800],
    ['2,000ms', 2000],
    ['2 s', 2000],
    ['1.5s', 1500],
    ['  4 seconds ', 4000],
  ])('"%s" reads as %d ms', (text, ms) => expect(parseGuess(text, guess)).toEqual({ ok: true, value: ms }));
  it.each(['', '0', '0 ms', '-5', 'fast', '4 min', '5e3', '7200 s'])('"%s" is refused with a message', (text) => {
    const out = parseGuess(text, guess);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.message.length).toBeGreaterThan(10);
  });
});

describe('prediction feedback', () => {
  it("choice: right or wrong, naming the lab's answer", () => {
    const p = questionById(1)!.prediction;
    expect(predictionFeedback(p, 0, null, null).correct).toBe(true);
    const wrong = predictionFeedback(p, 1, null, null);
    expect(wrong.correct).toBe(false);
    expect(wrong.text).toContain(p.choices[0]);
  });
  it('Q5: the choice, and the p99 guess against the live p99 (never Infinity)', () => {
    const q5 = questionById(5)!;
    const live = liveOf(q5.steps[0].query);
    const far = predictionFeedback(q5.prediction, 0, 400, live);
    expect(far.correct).toBe(true);
    expect(far.guessText).toMatch(/× your guess/);
    expect(far.guessText).not.toMatch(/Infinity|NaN/);
    expect(predictionFeedback(q5.prediction, 1, Math.round(live.ttftP99Ms), live).guessText).toMatch(/close/);
    expect(predictionFeedback(q5.prediction, 1, 0, live).guessText).toBeNull();
  });
  it('quotes a choice once, also when the choice is itself a quoted question (Q5)', () => {
    const q5 = questionById(5)!.prediction;
    expect(predictionFeedback(q5, 0, null, null).text).toBe('You predicted "What are the p95 and p99 TTFT?", and that is what the lab shows.');
    expect(predictionFeedback(q5, 1, null, null).text).toBe('You predicted "What is the median TTFT?". The lab shows otherwise: "What are the p95 and p99 TTFT?".');
    const q1 = questionById(1)!.prediction;
    expect(predictionFeedback(q1, 0, null, null).text).toBe(`You predicted "${q1.choices[0]}", and that is what the lab shows.`);
    for (const q of [1, 2, 3, 4, 5]) {
      const p = questionById(q)!.prediction;
      for (let i = 0; i < p.choices.length; i++) expect(predictionFeedback(p, i, null, null).text, `Q${q} choice ${i}`).not.toMatch(/""/);
    }
  });
});

describe('progress store', () => {
  function memory(initial: Record<string, string> = {}): StorageLike & { data: Map<string, string> } {
    const data = new Map(Object.entries(initial));
    return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
  }
  it('saves predictions (with a guess), completions and the quiz score as they happen', () => {
    const storage = memory();
    const store = createProgressStore(storage);
    store.getState().recordPrediction(2, { value: 0, correct: true });
    store.getState().recordPrediction(5, { value: 1, correct: false, guess: 900 });
    store.getState().markCompleted(2);
    store.getState().recordQuiz({ correct: 3, total: 5 });
    const saved = JSON.parse(storage.data.get(PROGRESS_KEY)!);
    expect(saved).toEqual({ version: 1, predictions: { 2: { value: 0, correct: true }, 5: { value: 1, correct: false, guess: 900 } }, completed: [2], quiz: { correct: 3, total: 5 } });
    expect(createProgressStore(storage).getState().progress).toEqual(saved);
  });
  it('a corrupted entry gives a fresh store and a notice, not a crash', () => {
    const store = createProgressStore(memory({ [PROGRESS_KEY]: '{"version":1,"predictions":' }));
    expect(store.getState().notice).toMatch(/reset/);
    expect(store.getState().progress.completed).toEqual([]);
    store.getState().dismissNotice();
    expect(store.getState().notice).toBeNull();
  });
});

describe('watched readouts', () => {
  it('every metric has a name and a value with its unit', () => {
    const live = liveOf('workload=chat&load=busy');
    for (const m of METRIC_IDS) {
      expect(METRIC_NAMES[m].length).toBeGreaterThan(2);
      expect(watchValue(m, live)).toMatch(/ms|s|tok\/s|req\/s|tokens|met|missed|%/);
    }
  });
});
