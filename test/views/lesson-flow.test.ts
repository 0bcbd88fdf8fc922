import { describe, expect, it } from 'vitest';
import { questionById } from '../../src/lesson/questions';
import { PROGRESS_KEY, type StorageLike } from '../../src/lesson/progress';
import { atLastStep, flowReducer, initialFlow, predictionFeedback, questionParam } from '../../src/views/lesson/tryItFlow';
import { createProgressStore } from '../../src/views/lesson/progressStore';
import { METRIC_NAMES, watchValue } from '../../src/views/lesson/metricNames';
import { METRIC_IDS } from '../../src/lesson/types';
import { liveOf } from '../lesson/run';

describe('try-it flow', () => {
  const q1 = questionById(1)!;

  it('nothing can be applied before a prediction is committed', () => {
    const s0 = initialFlow(1);
    expect(s0.phase).toBe('predict');
    expect(flowReducer(s0, { type: 'apply', step: 0, before: null })).toBe(s0);
  });
  it('commit → set up → switch reaches the last step, keeping the "before" numbers', () => {
    const before = liveOf(q1.steps[0].query);
    let s = flowReducer(initialFlow(1), { type: 'commit', value: 2 });
    expect(s).toMatchObject({ phase: 'ready', committed: 2 });
    s = flowReducer(s, { type: 'commit', value: 0 });
    expect(s.committed).toBe(0);
    s = flowReducer(s, { type: 'apply', step: 0, before });
    expect(s).toMatchObject({ phase: 'observe', step: 0, before: null });
    expect(atLastStep(s, q1)).toBe(false);
    s = flowReducer(s, { type: 'apply', step: 1, before });
    expect(s.before).toBe(before);
    expect(atLastStep(s, q1)).toBe(true);
    // The prediction is locked once the lab has moved.
    expect(flowReducer(s, { type: 'commit', value: 3 }).committed).toBe(0);
  });
  it('a link opens a question set up, without a prediction', () => {
    expect(flowReducer(initialFlow(1), { type: 'link', questionId: 3 })).toMatchObject({ questionId: 3, phase: 'observe', step: 0, fromLink: true, committed: null });
  });
  it('selecting a question with a saved prediction starts ready', () => {
    expect(flowReducer(initialFlow(1), { type: 'select', questionId: 4, committed: 0 })).toMatchObject({ questionId: 4, phase: 'ready', committed: 0, step: -1 });
  });
});

describe('?question=N', () => {
  it.each([
    ['?question=3', { id: 3 }],
    ['?workload=chat&question=5', { id: 5 }],
    ['', { id: null, notice: null }],
    ['?workload=chat', { id: null, notice: null }],
  ])('%s', (search, want) => expect(questionParam(search, 5)).toEqual(want));
  it.each(['?question=0', '?question=6', '?question=q2', '?question=', '?question=2.5'])('%s names no question: a notice, nothing set up', (search) => {
    const out = questionParam(search, 5);
    expect(out.id).toBeNull();
    expect('notice' in out && out.notice).toMatch(/numbered 1 to 5/);
  });
});

describe('prediction feedback', () => {
  it('choice: right or wrong, naming the lab\'s answer', () => {
    const p = questionById(1)!.prediction;
    expect(predictionFeedback(p, 0, null).correct).toBe(true);
    const wrong = predictionFeedback(p, 1, null);
    expect(wrong.correct).toBe(false);
    expect(wrong.text).toMatch(/TTFT/);
  });
  it('number: compares the guess with the live p99', () => {
    const q5 = questionById(5)!;
    const live = liveOf(q5.steps[0].query);
    const far = predictionFeedback(q5.prediction, 400, live);
    expect(far.correct).toBe(false);
    expect(far.text).toMatch(/more than your guess/);
    expect(predictionFeedback(q5.prediction, Math.round(live.ttftP99Ms), live).correct).toBe(true);
  });
});

describe('progress store', () => {
  function memory(initial: Record<string, string> = {}): StorageLike & { data: Map<string, string> } {
    const data = new Map(Object.entries(initial));
    return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
  }
  it('saves predictions, completions and the quiz score as they happen', () => {
    const storage = memory();
    const store = createProgressStore(storage);
    store.getState().recordPrediction(2, { value: 0, correct: true });
    store.getState().markCompleted(2);
    store.getState().recordQuiz({ correct: 3, total: 5 });
    const saved = JSON.parse(storage.data.get(PROGRESS_KEY)!);
    expect(saved).toEqual({ version: 1, predictions: { 2: { value: 0, correct: true } }, completed: [2], quiz: { correct: 3, total: 5 } });
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
      expect(watchValue(m, live)).toMatch(/ms|s|tok\/s|req\/s|tokens|met|missed/);
    }
  });
});
