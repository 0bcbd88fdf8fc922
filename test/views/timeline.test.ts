import { describe, expect, it } from 'vitest';
import { layoutTimeline, formulaFor } from '../../src/views/timeline/layout';
import { MARGIN_X } from '../../src/views/timeline/layout';
import { tokenPaths } from '../../src/views/timeline/tokenPaths';
import type { TimelineData } from '../../src/views/timeline/types';
import { simulate, lessonProfile, workloadById, requestBreakdown, tokenTimesS, type Scenario } from '../../src/engine';

/** A request with even decode gaps: net 25 + queue 10 + prefill 40 + net 25 = TTFT 100 ms, then `n − 1` tokens every `tpot` ms. */
function evenRequest(n: number, tpot = 30): TimelineData {
  const ttft = 100;
  const tokenTimesMs = Array.from({ length: n }, (_, i) => ttft + i * tpot);
  return { networkInMs: 25, queueMs: 10, prefillMs: 40, networkOutMs: 25, ttftMs: ttft, tpotMs: tpot, e2eMs: ttft + tpot * (n - 1), outputTokens: n, tokenTimesMs };
}

function fromEngine(workload: string, users: number): TimelineData {
  const scenario: Scenario = {
    workload: workloadById(workload)!, server: lessonProfile(), load: { kind: 'closed', users, thinkMs: 0 },
    slo: { ttftMs: 500, tpotMs: 50, e2eMs: null }, requests: 200, seed: 42, chunkedPrefill: false, networkRttMs: 50,
  };
  const r = simulate(scenario);
  const b = requestBreakdown(r, r.representativeId)!;
  const sendS = r.requests[b.id].sendS;
  return { ...b, tokenTimesMs: tokenTimesS(r, b.id).map((t) => (t - sendS) * 1000) };
}

describe('layoutTimeline', () => {
  it('places phases end to end from the left margin, and the flag at TTFT', () => {
    const m = layoutTimeline(evenRequest(12), { width: 1000 });
    const lane = m.lanes[0];
    expect(lane.segments.map((s) => s.kind)).toEqual(['network-in', 'queue', 'prefill', 'network-out']);
    const plot = 1000 - 2 * MARGIN_X;
    const e2e = 100 + 30 * 11;
    const px = (ms: number) => MARGIN_X + (ms / e2e) * plot;
    expect(lane.segments[0].x).toBeCloseTo(MARGIN_X, 6);
    expect(lane.segments[1].x).toBeCloseTo(px(25), 6);
    expect(lane.segments[2].x).toBeCloseTo(px(35), 6);
    expect(lane.segments[2].width).toBeCloseTo(px(75) - px(35), 6);
    expect(lane.segments[3].x + lane.segments[3].width).toBeCloseTo(px(100), 6);
    expect(lane.flag?.x).toBeCloseTo(px(100), 6);
    expect(m.ttftBracket.x0).toBeCloseTo(MARGIN_X, 6);
    expect(m.ttftBracket.x1).toBeCloseTo(px(100), 6);
    expect(m.e2eBracket.x1).toBeCloseTo(1000 - MARGIN_X, 6);
    expect(m.e2eBracket.label).toBe('E2E 430 ms');
  });

  it('draws 12 tokens as 11 decode ticks at their arrival times', () => {
    const d = evenRequest(12);
    const m = layoutTimeline(d, { width: 1000 });
    const tokens = m.lanes[0].tokens;
    expect(tokens.mode).toBe('ticks');
    if (tokens.mode !== 'ticks') return;
    expect(tokens.ticks).toHaveLength(11);
    const plot = 1000 - 2 * MARGIN_X;
    tokens.ticks.forEach((t, i) => {
      expect(t.index).toBe(i + 1);
      expect(t.x).toBeCloseTo(MARGIN_X + (d.tokenTimesMs[i + 1] / d.e2eMs) * plot, 6);
      expect(t.slow).toBe(false);
    });
  });

  it('draws 1,500 tokens as at most one mark per pixel column', () => {
    const m = layoutTimeline(evenRequest(1500), { width: 390 });
    for (const lane of m.lanes) {
      const t = lane.tokens;
      if (t.mode === 'density') {
        const xs = t.columns.map((c) => c.x);
        expect(new Set(xs).size).toBe(xs.length);
        expect(xs.length).toBeLessThanOrEqual(390);
        for (const c of t.columns) {
          expect(c.opacity).toBeGreaterThan(0);
          expect(c.opacity).toBeLessThanOrEqual(1);
        }
      } else {
        const xs = t.ticks.map((k) => Math.round(k.x));
        expect(new Set(xs).size).toBe(xs.length);
      }
    }
    expect(m.lanes[0].tokens.mode).toBe('density');
    const total = m.lanes[0].tokens.mode === 'density' ? m.lanes[0].tokens.columns.reduce((s, c) => s + c.count, 0) : 0;
    expect(total).toBe(1499);
  });

  it('zooms on the start when TTFT is a sliver of E2E, and not when it is wide', () => {
    const long = layoutTimeline(evenRequest(1500), { width: 1280 });
    expect(long.lanes.map((l) => l.id)).toEqual(['overview', 'zoom']);
    const zoom = long.lanes[1];
    expect(zoom.segments.map((s) => s.kind)).toEqual(['network-in', 'queue', 'prefill', 'network-out']);
    expect(zoom.tokens.mode).toBe('ticks');
    expect(zoom.domainMs[1]).toBeCloseTo(100 + 8 * 30, 6);
    expect(long.zoomWindow).not.toBeNull();
    expect(long.height).toBeGreaterThan(zoom.axisY);

    const short = layoutTimeline(evenRequest(3), { width: 1280 });
    expect(short.lanes).toHaveLength(1);
    expect(short.zoomWindow).toBeNull();
  });

  it('marks a token after a long gap as slow (prefill interference)', () => {
    const d = evenRequest(12);
    const times = [...d.tokenTimesMs];
    for (let i = 6; i < times.length; i++) times[i] += 60; // token 7 waited 90 ms instead of 30
    const m = layoutTimeline({ ...d, tokenTimesMs: times, e2eMs: times[times.length - 1] }, { width: 1000 });
    const t = m.lanes[0].tokens;
    expect(t.mode).toBe('ticks');
    if (t.mode === 'ticks') expect(t.ticks.filter((k) => k.slow).map((k) => k.index)).toEqual([6]);
    expect(m.hasSlowGaps).toBe(true);
  });

  it('formats axis ticks in ms or s, and skips colliding labels', () => {
    const ms = layoutTimeline(evenRequest(12), { width: 1000 }).lanes[0].axis;
    expect(ms.filter((t) => t.label).every((t) => t.label!.endsWith(' ms'))).toBe(true);
    expect(ms[0].x).toBeCloseTo(MARGIN_X, 6);
    const s = layoutTimeline(evenRequest(1500), { width: 1000 }).lanes[0].axis;
    expect(s.filter((t) => t.label).every((t) => t.label!.endsWith(' s'))).toBe(true);
    for (const width of [200, 390, 1280]) {
      const axis = layoutTimeline(evenRequest(1500), { width }).lanes[0].axis.filter((t) => t.label);
      expect(axis.length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < axis.length; i++) {
        const prevEnd = axis[i - 1].x + (axis[i - 1].label!.length * 6.6) / 2;
        const start = axis[i].x - (axis[i].label!.length * 6.6) / 2;
        expect(start).toBeGreaterThan(prevEnd);
      }
    }
  });

  it('hides segment labels that do not fit and keeps the ones that do', () => {
    const narrow = layoutTimeline(evenRequest(1500), { width: 390 }).lanes[0];
    expect(narrow.segments.every((s) => s.label === null)).toBe(true);
    const wide = layoutTimeline({ ...evenRequest(3), prefillMs: 900, ttftMs: 960, e2eMs: 1020, tokenTimesMs: [960, 990, 1020] }, { width: 1280 }).lanes[0];
    expect(wide.segments.find((s) => s.kind === 'prefill')?.label).toBe('Prefill 900 ms');
  });

  it('gives every hover region a time label and covers the decode tokens', () => {
    const m = layoutTimeline(evenRequest(12), { width: 1000 });
    const regions = m.lanes[0].regions;
    expect(regions.slice(0, 4).map((r) => r.label.split(' ')[0])).toEqual(['Network', 'Queue', 'Prefill', 'Network']);
    const decode = regions.slice(4);
    expect(decode).toHaveLength(11);
    expect(decode[0].label).toBe('Token 2 arrives at 130 ms, 30 ms after the one before');
    const many = layoutTimeline(evenRequest(1500), { width: 1280 }).lanes[0].regions.slice(4);
    expect(many.length).toBeLessThanOrEqual(24);
    expect(many[0].label).toMatch(/^Tokens 2–\d+ arrive from/);
    expect(many.at(-1)!.label).toMatch(/–1500 arrive/);
  });

  it('fills the formula with live numbers that add up', () => {
    const f = formulaFor(evenRequest(12));
    expect(f).toMatchObject({ ttftMs: 100, tpotMs: 30, outputTokens: 12, e2eMs: 430, sumMs: 430 });
    expect(f.text).toBe('430 ms = 100 ms + 30 ms × (12 − 1)');
  });

  it('matches the engine for the lesson workloads, idle and busy', () => {
    for (const [w, users] of [['autocomplete', 1], ['report', 1], ['chat', 16], ['summarize', 1]] as const) {
      const d = fromEngine(w, users);
      const m = layoutTimeline(d, { width: 1280 });
      expect(m.formula.sumMs).toBeCloseTo(d.e2eMs, 6);
      expect(d.tokenTimesMs[0]).toBeCloseTo(d.ttftMs, 6);
      expect(d.tokenTimesMs).toHaveLength(d.outputTokens);
      expect(m.lanes[0].flag?.x).toBeCloseTo(m.ttftBracket.x1, 6);
    }
  });

  it('never produces NaN or Infinity, even for degenerate input', () => {
    const bad: TimelineData = { networkInMs: NaN, queueMs: -5, prefillMs: Infinity, networkOutMs: 0, ttftMs: 0, tpotMs: NaN, e2eMs: 0, outputTokens: 1, tokenTimesMs: [0] };
    const m = layoutTimeline(bad, { width: 0 });
    const nonFinite: string[] = [];
    const walk = (v: unknown, path: string): void => {
      if (typeof v === 'number' && !Number.isFinite(v)) nonFinite.push(path);
      else if (typeof v === 'string' && /NaN|Infinity/.test(v)) nonFinite.push(path);
      else if (v && typeof v === 'object') for (const [k, c] of Object.entries(v)) walk(c, `${path}.${k}`);
    };
    walk(m, 'marks');
    expect(nonFinite).toEqual([]);
    expect(m.width).toBeGreaterThanOrEqual(200);
    expect(m.formula.text).not.toMatch(/NaN|Infinity/);
  });
});

describe('tokenPaths', () => {
  it('draws every tick in a few paths, one move per token or column', () => {
    const m = layoutTimeline(evenRequest(12), { width: 1000 });
    const paths = tokenPaths(m.lanes[0].tokens, 26, 28);
    expect(paths).toHaveLength(1);
    expect(paths[0].d.match(/M/g)).toHaveLength(11);
    const dense = layoutTimeline(evenRequest(1500), { width: 390 });
    const t = dense.lanes[0].tokens;
    const dp = tokenPaths(t, 26, 28);
    expect(dp.length).toBeLessThanOrEqual(8);
    const moves = dp.reduce((s, p) => s + (p.d.match(/M/g)?.length ?? 0), 0);
    expect(moves).toBe(t.mode === 'density' ? t.columns.length : -1);
    expect(dp.every((p) => !/NaN|Infinity/.test(p.d))).toBe(true);
  });
});
