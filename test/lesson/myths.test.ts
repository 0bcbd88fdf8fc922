import { describe, expect, it } from 'vitest';
import { fmtMs } from '../../src/lesson/format';
import { MYTHS } from '../../src/lesson/myths';
import { METRIC_IDS } from '../../src/lesson/types';
import { settingsFromQuery } from '../../src/settings/parse';
import { liveOf } from './run';

const byId = (id: string) => MYTHS.find((m) => m.id === id)!;

describe('mental-model corrections', () => {
  it('are the lesson\'s seven, with unique ids', () => {
    expect(MYTHS).toHaveLength(7);
    expect(new Set(MYTHS.map((m) => m.id)).size).toBe(7);
  });
  for (const m of MYTHS) {
    it(`${m.id}: scenario parses without notices and watches known readouts`, () => {
      expect(settingsFromQuery(m.query).notices).toEqual([]);
      expect(m.watch.length).toBeGreaterThan(0);
      for (const w of m.watch) expect(METRIC_IDS).toContain(w);
      expect(m.myth.length).toBeGreaterThan(5);
      expect(m.lookAt.length).toBeGreaterThan(20);
      if (m.then) {
        expect(settingsFromQuery(m.then.query).notices).toEqual([]);
        for (const w of m.then.watch) expect(METRIC_IDS).toContain(w);
      }
    });
  }
});

describe('each "Show me" scenario shows the myth false on the real engine', () => {
  const chatIdle = () => liveOf('workload=chat&load=idle');

  it('one number: TTFT, TPOT and E2E tell different stories', () => {
    const live = liveOf(byId('one-number').query);
    expect(live.ttftMs).toBeLessThan(200);
    expect(live.e2eMs).toBeGreaterThan(30_000);
    expect(live.e2eMs / live.ttftMs).toBeGreaterThan(100);
  });
  it('lower latency ≠ higher throughput: busy raises both throughput and per-user latency', () => {
    const live = liveOf(byId('latency-throughput').query);
    expect(live.systemTokPerSec).toBeGreaterThan(10 * chatIdle().systemTokPerSec);
    expect(live.ttftMs).toBeGreaterThan(chatIdle().ttftMs);
    expect(live.tpotMs).toBeGreaterThan(chatIdle().tpotMs);
  });
  it('throughput is not the goal: more throughput than busy, much less goodput', () => {
    const live = liveOf(byId('throughput-goal').query);
    const busy = liveOf('workload=chat&load=busy');
    expect(live.systemTokPerSec).toBeGreaterThan(busy.systemTokPerSec);
    expect(live.goodputReqPerSec).toBeLessThan(busy.goodputReqPerSec / 5);
    expect(live.tpotMs).toBeGreaterThan(50);
    expect(live.metSlo).toBe(false);
  });
  it('long E2E is fine when it streams: fast start, pace above reading', () => {
    const live = liveOf(byId('long-e2e-bad').query);
    expect(live.e2eMs).toBeGreaterThan(30_000);
    expect(live.ttftMs).toBeLessThan(500);
    expect(1000 / live.tpotMs).toBeGreaterThan(10);
  });
  it('TTFT depends on the prompt, not only the model: same server, several-fold TTFT', () => {
    const live = liveOf(byId('ttft-model').query);
    expect(live.ttftMs / chatIdle().ttftMs).toBeGreaterThan(4);
    expect(Math.abs(live.tpotMs / chatIdle().tpotMs - 1)).toBeLessThan(0.1);
  });
  it('TTFT depends on the queue too: the same summary with 16 users waits mostly in the queue, its prefill unchanged', () => {
    const m = byId('ttft-model');
    // The correction names both halves, so the card shows both.
    expect(m.correction).toMatch(/prompt length.*queue/);
    expect(m.then).toBeDefined();
    const idle = liveOf(m.query);
    const busy = liveOf(m.then!.query);
    expect(busy.promptTokens).toBe(idle.promptTokens);
    expect(busy.parts.queueMs).toBeGreaterThan(busy.parts.prefillMs);
    expect(busy.parts.queueMs).toBeGreaterThan(busy.ttftMs / 2);
    expect(Math.abs(busy.parts.prefillMs / idle.parts.prefillMs - 1)).toBeLessThan(0.1);
    expect(idle.parts.queueMs).toBe(0);
    const text = m.then!.evidence(busy);
    expect(text).toContain(fmtMs(busy.parts.queueMs));
    expect(text).toContain(fmtMs(busy.parts.prefillMs));
    expect(m.evidence(idle)).toContain(fmtMs(idle.parts.prefillMs));
  });
  it('report the average: mean under the target, p99 many times the mean', () => {
    const live = liveOf(byId('report-average').query);
    expect(live.ttftMeanMs).toBeLessThan(500);
    expect(live.ttftP99Ms / live.ttftMeanMs).toBeGreaterThan(8);
  });
  it('weak GPU: 16 users get >10× the tokens while TPOT rises far less than 16×', () => {
    const busy = liveOf(byId('weak-gpu').query);
    const idle = liveOf('workload=report&load=idle');
    expect(busy.systemTokPerSec / idle.systemTokPerSec).toBeGreaterThan(10);
    expect(busy.tpotMs / idle.tpotMs).toBeLessThan(2);
  });
});

describe('myth evidence quotes the live numbers', () => {
  it('each card writes a sentence with units from its own scenario', async () => {
    const { fmtMs, fmtTokPerSec } = await import('../../src/lesson/format');
    for (const m of MYTHS) {
      const live = liveOf(m.query);
      const text = m.evidence(live);
      expect(text, m.id).toMatch(/\d/);
      expect(text, m.id).not.toMatch(/NaN|undefined|Infinity/);
      expect(text.includes(fmtMs(live.ttftMs)) || text.includes(fmtMs(live.tpotMs)) || text.includes(fmtTokPerSec(live.systemTokPerSec)) || text.includes(fmtMs(live.ttftP99Ms)), m.id).toBe(true);
    }
  });
});
