import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/settings/schema';
import { settingsFromQuery } from '../../src/settings/parse';
import { QUESTIONS, questionById } from '../../src/lesson/questions';
import { fmtLongSeconds, fmtMs, fmtReqPerSec, fmtShare, fmtTokPerSec, fmtTokens } from '../../src/lesson/format';
import { METRIC_IDS } from '../../src/lesson/types';
import { liveOf } from './run';

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
        for (const step of question.steps) {
          expect(settingsFromQuery(step.query).notices, step.query).toEqual([]);
        }
      });
      it('watches known readouts only', () => {
        expect(question.watch.length).toBeGreaterThan(0);
        for (const m of question.watch) expect(METRIC_IDS).toContain(m);
      });
      it('has a prediction with a valid answer', () => {
        const p = question.prediction;
        if (p.kind === 'choice') {
          expect(p.choices.length).toBeGreaterThanOrEqual(2);
          expect(p.correctIndex).toBeGreaterThanOrEqual(0);
          expect(p.correctIndex).toBeLessThan(p.choices.length);
        } else {
          expect(p.max).toBeGreaterThan(p.min);
        }
      });
      it('applies on its own setup and not after the workload changes', () => {
        const setup = settingsFromQuery(question.steps[question.steps.length - 1].query).settings;
        expect(question.applies(setup)).toEqual({ ok: true });
        const other = { ...setup, workload: setup.workload === 'autocomplete' ? 'chat' : 'autocomplete', prompt: 400, output: 12 } as const;
        const verdict = question.applies(other);
        expect(verdict.ok).toBe(false);
        if (!verdict.ok) expect(verdict.message).toMatch(/workload/);
      });
    });
  }
});

describe('each scenario demonstrates its answer, on the real engine', () => {
  it('Q1: chat → summarize: TTFT grows several-fold while TPOT stays within 10%', () => {
    const before = liveOf(firstQuery(1));
    const after = liveOf(lastQuery(1));
    expect(after.ttftMs / before.ttftMs).toBeGreaterThan(4);
    expect(Math.abs(after.tpotMs / before.tpotMs - 1)).toBeLessThan(0.1);
    const p1 = q(1).prediction;
    expect(p1.kind === 'choice' ? p1.correctIndex : -1).toBe(0);
  });

  it('Q2: the long report takes ~45 s, but starts fast and streams far faster than reading', () => {
    const live = liveOf(lastQuery(2));
    expect(live.e2eMs).toBeGreaterThan(35_000);
    expect(live.ttftMs).toBeLessThan(200);
    expect(live.userTokPerSec).toBeGreaterThan(5 * 4.5);
    // The reader needs longer than the writer: they never catch up.
    expect(live.outputTokens / 4.5).toBeGreaterThan(live.e2eMs / 1000);
  });

  it('Q3: the shown request completes but misses TTFT; throughput > goodput > 0', () => {
    const live = liveOf(lastQuery(3));
    expect(live.metSlo).toBe(false);
    expect(live.ttftMs).toBeGreaterThan(live.ttftSloMs!);
    expect(live.tpotMs).toBeLessThanOrEqual(live.tpotSloMs!); // the miss is TTFT alone
    expect(live.requestsPerSec).toBeGreaterThan(live.goodputReqPerSec);
    expect(live.goodputReqPerSec).toBeGreaterThan(0);
  });

  it('Q4: busy raises system throughput while per-user TTFT and TPOT rise', () => {
    const before = liveOf(firstQuery(4));
    const after = liveOf(lastQuery(4));
    expect(after.systemTokPerSec / before.systemTokPerSec).toBeGreaterThan(2);
    expect(after.ttftMs).toBeGreaterThan(before.ttftMs);
    expect(after.tpotMs).toBeGreaterThan(before.tpotMs * 1.2);
    expect(after.ttftP99Ms).toBeGreaterThan(before.ttftP99Ms);
    expect(after.userTokPerSec).toBeLessThan(before.userTokPerSec);
  });

  it('Q5: the mean TTFT looks fine but p99 is many times larger', () => {
    const live = liveOf(lastQuery(5));
    expect(live.ttftMeanMs).toBeLessThan(live.ttftSloMs!); // the average passes the 500 ms target
    expect(live.ttftP99Ms / live.ttftMeanMs).toBeGreaterThan(8);
    expect(live.ttftP99Ms).toBeGreaterThan(2500);
    expect(live.sloMetShare).toBeLessThan(1);
  });
});

describe('explanations quote the live numbers they were given, with units', () => {
  it('Q1 quotes before and after TTFT and TPOT', () => {
    const before = liveOf(firstQuery(1));
    const after = liveOf(lastQuery(1));
    const text = q(1).explain(after, before);
    for (const s of [fmtMs(before.ttftMs), fmtMs(after.ttftMs), fmtMs(before.tpotMs), fmtMs(after.tpotMs), fmtTokens(after.promptTokens)]) expect(text).toContain(s);
    expect(text).toMatch(/\d ms/);
  });
  it('Q2 quotes E2E, TTFT, TPOT, the per-user pace and the reading time', () => {
    const live = liveOf(lastQuery(2));
    const text = q(2).explain(live);
    for (const s of [fmtMs(live.e2eMs), fmtMs(live.ttftMs), fmtMs(live.tpotMs), fmtTokPerSec(live.userTokPerSec), fmtTokens(live.outputTokens), fmtLongSeconds(live.outputTokens / 4.5)]) expect(text).toContain(s);
  });
  it('Q3 quotes TTFT, the target, throughput, goodput and the share met', () => {
    const live = liveOf(lastQuery(3));
    const text = q(3).explain(live);
    for (const s of [fmtMs(live.ttftMs), fmtMs(500), fmtReqPerSec(live.requestsPerSec), fmtReqPerSec(live.goodputReqPerSec), fmtShare(live.sloMetShare), fmtTokPerSec(live.systemTokPerSec)]) expect(text).toContain(s);
    expect(text).toMatch(/miss/);
  });
  it('Q4 quotes system throughput and per-user numbers before and after', () => {
    const before = liveOf(firstQuery(4));
    const after = liveOf(lastQuery(4));
    const text = q(4).explain(after, before);
    for (const s of [fmtTokPerSec(before.systemTokPerSec), fmtTokPerSec(after.systemTokPerSec), fmtMs(before.ttftMs), fmtMs(after.ttftMs), fmtMs(before.tpotMs), fmtMs(after.tpotMs), fmtMs(after.ttftP99Ms)]) expect(text).toContain(s);
    expect(text).toContain('16 users');
  });
  it('Q5 quotes mean, median, p95 and p99 TTFT', () => {
    const live = liveOf(lastQuery(5));
    const text = q(5).explain(live);
    for (const s of [fmtMs(live.ttftMeanMs), fmtMs(live.ttftP50Ms), fmtMs(live.ttftP95Ms), fmtMs(live.ttftP99Ms), fmtReqPerSec(2.6)]) expect(text).toContain(s);
    const p = q(5).prediction;
    expect(p.kind === 'number' && p.actual(live)).toBe(live.ttftP99Ms);
  });
  it('two-step explanations still read well without the "before" numbers', () => {
    for (const id of [1, 4]) {
      const live = liveOf(lastQuery(id));
      const text = q(id).explain(live);
      expect(text).toContain(fmtMs(live.ttftMs));
      expect(text).not.toMatch(/undefined|NaN/);
    }
  });
  it('explanations never print NaN, undefined or Infinity for degenerate numbers', () => {
    const zero = { ...liveOf(lastQuery(3)), ttftMeanMs: 0, systemTokPerSec: 0, requestsPerSec: 0, goodputReqPerSec: 0, sloMetShare: 0 };
    for (const question of QUESTIONS) {
      const text = question.explain(zero, zero);
      expect(text).not.toMatch(/undefined|NaN|Infinity/);
    }
  });
});

describe('applies()', () => {
  it('Q5 no longer applies after the seed changes; the message names it', () => {
    const s = { ...settingsFromQuery(lastQuery(5)).settings, seed: 7 };
    const v = q(5).applies(s);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.message).toMatch(/seed/);
  });
  it('Q1 ignores SLO changes (its story is about TTFT and TPOT, not the verdict)', () => {
    const s = { ...settingsFromQuery(lastQuery(1)).settings, ttftSlo: 2000 };
    expect(q(1).applies(s)).toEqual({ ok: true });
  });
  it('Q4 stops applying when load goes back to idle', () => {
    expect(q(4).applies({ ...DEFAULT_SETTINGS }).ok).toBe(false);
  });
});
