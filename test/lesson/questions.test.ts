import { describe, expect, it } from 'vitest';
import { requestBreakdown } from '../../src/engine/breakdown';
import { choiceOrder } from '../../src/lesson/choiceOrder';
import { PART_WORDS } from '../../src/lesson/causes';
import { fmtMs, fmtReqPerSec, fmtTokPerSec } from '../../src/lesson/format';
import { ttftPartsOf } from '../../src/lesson/live';
import { QUESTIONS, questionById } from '../../src/lesson/questions';
import { READER_TOK_PER_SEC } from '../../src/lesson/reading';
import type { CausePart, LiveNumbers } from '../../src/lesson/types';
import { METRIC_IDS } from '../../src/lesson/types';
import { settingsFromQuery } from '../../src/settings/parse';
import { DEFAULT_SETTINGS } from '../../src/settings/schema';
import { watchValue } from '../../src/views/lesson/metricNames';
import { liveOf, runQuery } from './run';

const q = (id: number) => questionById(id)!;
const lastQuery = (id: number) => q(id).steps[q(id).steps.length - 1].query;
const firstQuery = (id: number) => q(id).steps[0].query;

describe('try-it registry', () => {
  it('has the five questions, numbered 1..5 in order', () => {
    expect(QUESTIONS.map((x) => x.id)).toEqual([1, 2, 3, 4, 5]);
  });

  for (const question of QUESTIONS) {
    describe(`question ${question.id}`, () => {
      it('every setup query parses without notices', () => {
        for (const step of question.steps) expect(settingsFromQuery(step.query).notices, step.query).toEqual([]);
      });
      it('watches known readouts only', () => {
        expect(question.watch.length).toBeGreaterThan(0);
        for (const m of question.watch) expect(METRIC_IDS).toContain(m);
      });
      it('has choices with a valid answer, none of which gives itself away by its length', () => {
        const p = question.prediction;
        expect(p.choices.length).toBeGreaterThanOrEqual(3);
        expect(p.correctIndex).toBeGreaterThanOrEqual(0);
        expect(p.correctIndex).toBeLessThan(p.choices.length);
        const others = p.choices.filter((_, i) => i !== p.correctIndex).map((c) => c.length);
        const longestOther = Math.max(...others);
        expect(p.choices[p.correctIndex].length).toBeLessThanOrEqual(longestOther * 1.25);
      });
      it('applies on its own setup and not after the workload changes', () => {
        const setup = settingsFromQuery(lastQuery(question.id)).settings;
        expect(question.applies(setup)).toEqual({ ok: true });
        const other = { ...setup, workload: setup.workload === 'autocomplete' ? 'chat' : 'autocomplete', prompt: 400, output: 12 } as const;
        const verdict = question.applies(other);
        expect(verdict.ok).toBe(false);
        if (!verdict.ok) expect(verdict.message).toMatch(/workload/);
      });
    });
  }
});

describe('choice order', () => {
  const orders = QUESTIONS.map((x) => choiceOrder(x.id, x.prediction.choices.length));
  it('is a permutation, the same on every call', () => {
    for (const [k, x] of QUESTIONS.entries()) {
      expect([...orders[k]].sort()).toEqual(x.prediction.choices.map((_, i) => i));
      expect(choiceOrder(x.id, x.prediction.choices.length)).toEqual(orders[k]);
    }
  });
  it('differs between questions, and never shows the choices in the order they are written', () => {
    expect(new Set(orders.map(String)).size).toBe(QUESTIONS.length);
    for (const o of orders) expect(o).not.toEqual([...o].sort());
  });
  it('does not put the right answer in the same place every time', () => {
    const shownAt = QUESTIONS.map((x, k) => orders[k].indexOf(x.prediction.correctIndex));
    expect(new Set(shownAt).size).toBeGreaterThanOrEqual(3);
    expect(shownAt.filter((p) => p === 0).length).toBeLessThanOrEqual(1);
  });
});

describe('each scenario demonstrates its answer, on the real engine', () => {
  it('Q1: chat → summarize: TTFT grows several-fold while TPOT stays within 10%', () => {
    const before = liveOf(firstQuery(1));
    const after = liveOf(lastQuery(1));
    expect(after.ttftMs / before.ttftMs).toBeGreaterThan(4);
    expect(Math.abs(after.tpotMs / before.tpotMs - 1)).toBeLessThan(0.1);
  });
  it('Q2: the long report is the lesson\'s: 1,500 tokens in about 45 s, a fast start, a pace far above reading', () => {
    const live = liveOf(lastQuery(2));
    expect(live.outputTokens).toBe(1500);
    expect(live.e2eMs).toBeGreaterThan(43_000);
    expect(live.e2eMs).toBeLessThan(47_000);
    expect(live.ttftMs).toBeLessThan(200);
    expect(live.userTokPerSec).toBeGreaterThan(5 * 4.5);
  });
  it('Q3: the drawn request completes but misses TTFT; throughput > goodput > 0', () => {
    const live = liveOf(lastQuery(3));
    expect(live.metSlo).toBe(false);
    expect(live.ttftMs).toBeGreaterThan(live.ttftSloMs!);
    expect(live.tpotMs).toBeLessThanOrEqual(live.tpotSloMs!);
    expect(live.requestsPerSec).toBeGreaterThan(live.goodputReqPerSec);
    expect(live.goodputReqPerSec).toBeGreaterThan(0);
  });
  it('Q4: busy raises system throughput while per-user TTFT and TPOT rise', () => {
    const before = liveOf(firstQuery(4));
    const after = liveOf(lastQuery(4));
    expect(after.systemTokPerSec / before.systemTokPerSec).toBeGreaterThan(2);
    expect(after.ttftMs).toBeGreaterThan(before.ttftMs);
    expect(after.tpotMs).toBeGreaterThan(before.tpotMs * 1.2);
    expect(after.userTokPerSec).toBeLessThan(before.userTokPerSec);
  });
  it('Q5: the mean TTFT is about the lesson\'s 180 ms, and p99 is many times larger', () => {
    const live = liveOf(lastQuery(5));
    expect(live.ttftMeanMs).toBeGreaterThan(160);
    expect(live.ttftMeanMs).toBeLessThan(200);
    expect(live.ttftP99Ms / live.ttftMeanMs).toBeGreaterThan(8);
    expect(live.sloMetShare).toBeLessThan(1);
    expect(live.tpotSloMs).toBeNull(); // judged on TTFT alone, and the set-up label says so
    expect(q(5).steps[0].label).toMatch(/TPOT target off/);
  });
});

/**
 * The largest change in the breakdown, computed here from the engine's own
 * records (not from the lesson's helpers): the part of TTFT that grew most
 * between two runs' drawn requests, the largest part of one request's time,
 * or the part that grew most from the average request to the slowest 1%.
 */
function drawnParts(query: string) {
  const r = runQuery(query);
  const b = requestBreakdown(r, r.representativeId)!;
  return { network: b.networkInMs + b.networkOutMs, queue: b.queueMs, prefill: b.prefillMs, decode: b.decodeMs };
}
function argmax(x: Record<string, number>): CausePart {
  return Object.entries(x).reduce((best, e) => (e[1] > best[1] ? e : best))[0] as CausePart;
}
function grewMost(beforeQuery: string, afterQuery: string): CausePart {
  const a = drawnParts(beforeQuery);
  const b = drawnParts(afterQuery);
  return argmax({ network: b.network - a.network, queue: b.queue - a.queue, prefill: b.prefill - a.prefill });
}
function tailGrewMost(query: string): CausePart {
  const r = runQuery(query);
  const done = r.requests.filter((x) => x.completed).sort((x, y) => y.ttftMs - x.ttftMs);
  const tail = done.slice(0, Math.max(1, Math.ceil(done.length * 0.01)));
  const mean = (rs: typeof done, k: 'networkMs' | 'queueMs' | 'prefillMs') => rs.reduce((s, x) => s + ttftPartsOf(x)[k], 0) / rs.length;
  return argmax({
    network: mean(tail, 'networkMs') - mean(done, 'networkMs'),
    queue: mean(tail, 'queueMs') - mean(done, 'queueMs'),
    prefill: mean(tail, 'prefillMs') - mean(done, 'prefillMs'),
  });
}

function expectStated(text: string, cause: CausePart) {
  expect(text).toContain(PART_WORDS[cause]);
}

describe('explanations state the cause the breakdown shows (two scenarios or more per question)', () => {
  const q1Cases: [string, string, CausePart][] = [
    ['workload=chat&load=idle', 'workload=summarize&load=idle', 'prefill'],
    // Eight users: the long prompts of the others are what the summary waits behind.
    ['workload=chat&users=8', 'workload=summarize&users=8', 'queue'],
    ['workload=chat&load=idle&networkMs=40', 'workload=chat&load=idle&networkMs=900', 'network'],
  ];
  it.each(q1Cases)('Q1 %s → %s: %s grew most', (a, b, expected) => {
    const cause = grewMost(a, b);
    expect(cause).toBe(expected);
    expect(q(1).cause(liveOf(b), liveOf(a))).toBe(cause);
    expectStated(q(1).explain(liveOf(b), liveOf(a)), cause);
  });

  const q2Cases: [string, CausePart][] = [
    ['workload=report&load=idle', 'decode'],
    ['prompt=16000&output=5&load=idle', 'prefill'],
  ];
  it.each(q2Cases)('Q2 %s: E2E is mostly %s', (query, expected) => {
    const d = drawnParts(query);
    const ttft = d.network + d.queue + d.prefill;
    const cause = d.decode > ttft ? 'decode' : argmax({ network: d.network, queue: d.queue, prefill: d.prefill });
    expect(cause).toBe(expected);
    expect(q(2).cause(liveOf(query))).toBe(cause);
    expectStated(q(2).explain(liveOf(query)), cause);
  });

  const q3Cases: [string, CausePart][] = [
    ['prompt=9000&output=200&load=idle&ttftSlo=500&tpotSlo=50', 'prefill'],
    ['prompt=200&output=200&load=idle&networkMs=700&ttftSlo=500&tpotSlo=50', 'network'],
  ];
  it.each(q3Cases)('Q3 %s: the late request\'s TTFT is mostly %s', (query, expected) => {
    const d = drawnParts(query);
    const cause = argmax({ network: d.network, queue: d.queue, prefill: d.prefill });
    expect(cause).toBe(expected);
    expect(q(3).cause(liveOf(query))).toBe(cause);
    expectStated(q(3).explain(liveOf(query)), cause);
  });

  const q4Cases: [string, string, CausePart][] = [
    ['workload=chat&load=idle', 'workload=chat&load=busy', 'queue'],
    ['workload=summarize&load=idle', 'workload=summarize&load=busy', 'queue'],
    ['workload=chat&load=idle&networkMs=50', 'workload=chat&load=busy&networkMs=600', 'network'],
  ];
  it.each(q4Cases)('Q4 %s → %s: %s grew most', (a, b, expected) => {
    const cause = grewMost(a, b);
    expect(cause).toBe(expected);
    expect(q(4).cause(liveOf(b), liveOf(a))).toBe(cause);
    expectStated(q(4).explain(liveOf(b), liveOf(a)), cause);
  });

  const q5Cases: [string, CausePart][] = [
    [lastQuery(5), 'queue'],
    ['workload=chat&rate=2.6&requests=2000&seed=2', 'queue'],
    ['prompt=6000&output=40&spread=0.9&load=idle&ttftSlo=500', 'prefill'],
  ];
  it.each(q5Cases)('Q5 %s: the slowest 1%% lost most in %s', (query, expected) => {
    const cause = tailGrewMost(query);
    expect(cause).toBe(expected);
    expect(q(5).cause(liveOf(query))).toBe(cause);
    expectStated(q(5).explain(liveOf(query)), cause);
  });
});

/** Every duration, rate and share an explanation quotes, as printed. */
function quotedNumbers(text: string): string[] {
  // "The slowest 1%" names a group, not a measurement.
  return [...text.matchAll(/(?<!slowest )\d[\d,]*(?:\.\d+)?\s?(?:ms|s|tok\/s|req\/s|%)(?![a-z])/g)].map((m) => m[0]);
}

describe('explanations quote only numbers the outlined readouts show', () => {
  const allowed = (live: LiveNumbers, before: LiveNumbers | undefined, watch: readonly (typeof METRIC_IDS)[number][]) => {
    const shown = new Set<string>();
    for (const l of before ? [live, before] : [live]) for (const m of watch) shown.add(watchValue(m, l));
    // Constants printed on the page itself: the targets, the reader's pace, the offered rate.
    for (const t of [live.ttftSloMs, live.tpotSloMs]) if (t !== null) shown.add(fmtMs(t));
    shown.add(fmtTokPerSec(READER_TOK_PER_SEC));
    if (live.rateReqPerSec !== null) shown.add(fmtReqPerSec(live.rateReqPerSec));
    return shown;
  };
  for (const question of QUESTIONS) {
    it(`Q${question.id}`, () => {
      const live = liveOf(lastQuery(question.id));
      const before = question.steps.length > 1 ? liveOf(firstQuery(question.id)) : undefined;
      const text = question.explain(live, before);
      const shown = allowed(live, before, question.watch);
      const quoted = quotedNumbers(text);
      expect(quoted.length).toBeGreaterThan(2);
      for (const n of quoted) expect(shown, `"${n}" in: ${text}`).toContain(n);
    });
  }
});

describe('explanations without "before" numbers, and on degenerate numbers', () => {
  it('two-step explanations still read well without the "before" numbers', () => {
    for (const id of [1, 4]) {
      const live = liveOf(lastQuery(id));
      const text = q(id).explain(live);
      expect(text).toContain(fmtMs(live.ttftMs));
      expect(text).not.toMatch(/undefined|NaN/);
    }
  });
  it('never print NaN, undefined or Infinity', () => {
    const zero = { ...liveOf(lastQuery(3)), ttftMeanMs: 0, systemTokPerSec: 0, requestsPerSec: 0, goodputReqPerSec: 0, sloMetShare: 0 };
    for (const question of QUESTIONS) expect(question.explain(zero, zero)).not.toMatch(/undefined|NaN|Infinity/);
  });
});

describe('applies()', () => {
  it('Q5 no longer applies after the seed changes; the message names it', () => {
    const v = q(5).applies({ ...settingsFromQuery(lastQuery(5)).settings, seed: 7 });
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.message).toMatch(/seed/);
  });
  it('Q1 ignores SLO changes (its story is about TTFT and TPOT, not the verdict)', () => {
    expect(q(1).applies({ ...settingsFromQuery(lastQuery(1)).settings, ttftSlo: 2000 })).toEqual({ ok: true });
  });
  it('Q4 stops applying when load goes back to idle', () => {
    expect(q(4).applies({ ...DEFAULT_SETTINGS }).ok).toBe(false);
  });
});

describe('explanations notice every setting that changes the run', () => {
  it('the server keys come from the schema: every serving setting and lever, no traffic or SLO key', async () => {
    const { SERVER_KEYS } = await import('../../src/lesson/applies');
    for (const k of ['engine', 'maxBatch', 'tokenBudget', 'admission', 'window', 'warmup', 'model', 'gpu', 'prefixCacheShare', 'specTokens', 'replicas', 'prefillGpus', 'decodeGpus', 'customTtftMs', 'networkMs'] as const) expect(SERVER_KEYS).toContain(k);
    for (const k of ['workload', 'users', 'rate', 'ttftSlo', 'tpotSlo', 'e2eSlo'] as const) expect(SERVER_KEYS).not.toContain(k);
  });

  it('a question stops vouching for its explanation when an engine setting or a lever changes', async () => {
    for (const q of QUESTIONS) {
      const base = settingsFromQuery(q.steps[q.steps.length - 1].query).settings;
      expect(q.applies(base).ok, `question ${q.id} applies to its own set-up`).toBe(true);
      for (const patch of [{ engine: 'vllm' }, { maxBatch: 8 }, { specTokens: 4 }, { replicas: 2 }] as const) {
        const verdict = q.applies({ ...base, ...patch });
        expect(verdict.ok, `question ${q.id} with ${JSON.stringify(patch)}`).toBe(false);
        if (!verdict.ok) expect(verdict.message).toMatch(/You changed the (engine|batch limit|draft tokens|replicas)/);
      }
    }
  });
});
