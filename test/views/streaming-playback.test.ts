import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  advance, chunksOf, eventTimes, nextEventMs, planPlayback, prevEventMs, readerTokensAt, stateAt,
} from '../../src/views/streaming/playback';
import { placeholderTokens, tokenOffsets } from '../../src/views/streaming/placeholderText';
import { simulate, tokenTimesS } from '../../src/engine';
import { settingsFromQuery } from '../../src/settings/parse';
import { scenarioFromSettings } from '../../src/settings/scenario';

/** Tokens every `gapMs` after `ttftMs`. */
const steady = (n: number, ttftMs: number, gapMs: number) => Array.from({ length: n }, (_, i) => ttftMs + i * gapMs);

describe('chunks', () => {
  it('chunks of k group tokens and leave when their last token is ready', () => {
    const times = steady(7, 100, 10);
    expect(chunksOf(times, 1)).toHaveLength(7);
    const c3 = chunksOf(times, 3);
    expect(c3.map((c) => [c.startToken, c.endToken, c.arrivalMs])).toEqual([[0, 3, 120], [3, 6, 150], [6, 7, 160]]);
  });
  it('TTFT as measured is the first chunk with text, not the role-only event', () => {
    const plan = planPlayback({ tokenTimesMs: steady(10, 200, 30), chunkTokens: 5, roleEventMs: 60, readerTokPerSec: 4.5 });
    expect(plan.roleEventMs).toBe(60);
    expect(plan.firstTokenMs).toBe(200);
    expect(plan.firstContentMs).toBe(200 + 4 * 30);
    const s = stateAt(plan, 100);
    expect(s.roleEventSeen).toBe(true);
    expect(s.phase).toBe('waiting');
    expect(s.tokensVisible).toBe(0);
  });
});

describe('phases and the reader', () => {
  const plan = planPlayback({ tokenTimesMs: steady(100, 120, 30), chunkTokens: 1, roleEventMs: 50, readerTokPerSec: 5 });

  it('nothing shows during TTFT', () => {
    expect(stateAt(plan, 0)).toMatchObject({ phase: 'waiting', tokensVisible: 0, readerTokens: 0, roleEventSeen: false });
    expect(stateAt(plan, 119)).toMatchObject({ phase: 'waiting', tokensVisible: 0 });
  });
  it('a writer faster than the reader pulls ahead and never waits for it', () => {
    const s = stateAt(plan, 120 + 30 * 50);
    expect(s.phase).toBe('streaming');
    expect(s.tokensVisible).toBe(51);
    expect(s.readerTokens).toBeCloseTo(7.5, 5); // 1.5 s at 5 tok/s
    expect(s.aheadTokens).toBe(51 - 7);
    expect(s.readerWaiting).toBe(false);
  });
  it('after the last token the reader keeps reading, then it is done', () => {
    expect(plan.lastChunkMs).toBe(120 + 99 * 30);
    expect(plan.readerDoneMs).toBeCloseTo(120 + 20_000, 6); // 100 tokens at 5 tok/s
    expect(stateAt(plan, plan.lastChunkMs + 1).phase).toBe('reading');
    expect(stateAt(plan, plan.endMs)).toMatchObject({ phase: 'done', tokensVisible: 100, aheadTokens: 0 });
    expect(plan.endMs).toBe(plan.readerDoneMs);
  });
  it('a writer slower than the reader keeps the reader waiting', () => {
    const slow = planPlayback({ tokenTimesMs: steady(20, 100, 500), chunkTokens: 1, roleEventMs: null, readerTokPerSec: 5 });
    const s = stateAt(slow, 100 + 500 * 5 + 400);
    expect(s.phase).toBe('streaming');
    expect(s.readerWaiting).toBe(true);
    expect(s.readerTokens).toBe(s.tokensVisible);
    expect(slow.readerDoneMs).toBeCloseTo(100 + 500 * 19 + 200, 6);
  });
  it('the reader never passes the writer and never goes backwards (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 500, noNaN: true }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 6 }),
        fc.double({ min: 0.5, max: 50, noNaN: true }),
        (gaps, k, pace) => {
          const times: number[] = [];
          let t = 80;
          for (const g of gaps) times.push((t += g));
          const p = planPlayback({ tokenTimesMs: times, chunkTokens: k, roleEventMs: 10, readerTokPerSec: pace });
          let prev = 0;
          for (let i = 0; i <= 40; i++) {
            const s = stateAt(p, (p.endMs * i) / 40);
            expect(s.readerTokens).toBeLessThanOrEqual(s.tokensVisible + 1e-9);
            expect(s.readerTokens).toBeGreaterThanOrEqual(prev - 1e-9);
            prev = s.readerTokens;
          }
          expect(stateAt(p, p.endMs).phase).toBe('done');
          expect(readerTokensAt(p, p.endMs)).toBeCloseTo(times.length, 6);
        },
      ),
    );
  });
});

describe('clock and steps', () => {
  const plan = planPlayback({ tokenTimesMs: steady(9, 100, 10), chunkTokens: 3, roleEventMs: 40, readerTokPerSec: 100 });
  it('advance runs at speed× and stops at the end', () => {
    expect(advance(0, 16, 10, 1e6)).toBe(160);
    expect(advance(100, 1000, 10, 500)).toBe(500);
    expect(advance(100, -5, 2, 500)).toBe(100);
  });
  it('steps visit the role event, every chunk and the reader finishing, in order', () => {
    expect(eventTimes(plan)).toEqual([0, 40, 120, 150, 180, plan.readerDoneMs]);
    expect(nextEventMs(plan, 0)).toBe(40);
    expect(nextEventMs(plan, 40)).toBe(120);
    expect(prevEventMs(plan, 120)).toBe(40);
    expect(prevEventMs(plan, 0)).toBe(0);
    expect(nextEventMs(plan, plan.endMs)).toBe(plan.endMs);
  });
});

describe('with the real engine: the long report', () => {
  it('the reader is still far behind when the report has finished streaming', () => {
    const built = scenarioFromSettings(settingsFromQuery('workload=report&load=idle').settings);
    if (!built.ok) throw new Error(built.message);
    const result = simulate(built.scenario);
    const id = result.representativeId;
    const sendS = result.requests[id].sendS;
    const times = tokenTimesS(result, id).map((t) => (t - sendS) * 1000);
    const plan = planPlayback({ tokenTimesMs: times, chunkTokens: 1, roleEventMs: 60, readerTokPerSec: 4.5 });
    const atEnd = stateAt(plan, plan.lastChunkMs);
    expect(atEnd.tokensVisible).toBe(times.length);
    expect(atEnd.aheadTokens).toBeGreaterThan(times.length * 0.8);
    expect(plan.readerDoneMs / plan.lastChunkMs).toBeGreaterThan(5);
  });
});

describe('placeholder text', () => {
  it('is deterministic, exactly n tokens, about 0.75 words per token', () => {
    const a = placeholderTokens(1500);
    expect(a).toEqual(placeholderTokens(1500));
    expect(a).toHaveLength(1500);
    const words = a.join('').trim().split(/\s+/).length;
    expect(words / 1500).toBeGreaterThan(0.7);
    expect(words / 1500).toBeLessThan(0.8);
    expect(a[0][0]).toMatch(/[A-Z]/);
  });
  it('offsets slice any prefix of the text', () => {
    const t = placeholderTokens(12);
    const off = tokenOffsets(t);
    expect(t.join('').slice(0, off[4])).toBe(t.slice(0, 5).join(''));
    expect(placeholderTokens(0)).toEqual([]);
  });
});
