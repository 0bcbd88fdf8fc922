import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { simulate, type IterationLog, type RequestRecord } from '../../src/engine';
import { DEFAULT_SETTINGS, scenarioFromSettings, type Settings } from '../../src/settings';
import { MAX_LANES, ServerView, chooseLanes, downsampleLog, layoutServer, windowAround, type ServerData } from '../../src/views/server';
import { finiteChecker } from './finiteLayout';

function run(over: Partial<Settings>) {
  const o = scenarioFromSettings({ ...DEFAULT_SETTINGS, requests: 300, ...over });
  if (!o.ok) throw new Error(o.message);
  return simulate(o.scenario);
}

const chatBusy = run({ users: 16 });
const chatSwamped = run({ users: 128 });
const summarizeBusy = run({ workload: 'summarize', prompt: 16000, output: 200, users: 16 });

function data(r: ReturnType<typeof run>): ServerData {
  return { requests: r.requests, log: r.log, representativeId: r.representativeId, maxBatch: r.scenario.server.maxBatch, kvCapacityTokens: r.scenario.server.kvCapacityTokens };
}

const expectAllFinite = finiteChecker();

function log(entries: { endS: number; count: number; gapS: number; batch: number; kv?: number; reserved?: number; waiting?: number; prefill?: number }[]): IterationLog {
  return {
    endS: entries.map((e) => e.endS),
    count: entries.map((e) => e.count),
    gapS: entries.map((e) => e.gapS),
    batch: entries.map((e) => e.batch),
    kvUsedTokens: entries.map((e) => e.kv ?? 0),
    kvReservedTokens: entries.map((e) => e.reserved ?? 0),
    waiting: entries.map((e) => e.waiting ?? 0),
    prefillTokens: entries.map((e) => e.prefill ?? 0),
    preempted: entries.map(() => 0),
    decodeSeqs: entries.map((e) => e.batch),
  };
}

describe('downsampleLog', () => {
  it('keeps each bucket’s maximum and leaves idle time at zero', () => {
    const s = downsampleLog(log([{ endS: 1, count: 1, gapS: 1, batch: 1, prefill: 10 }, { endS: 4, count: 1, gapS: 1, batch: 3, waiting: 2 }]), 0, 4, 4);
    expect(s.batch).toEqual([1, 0, 0, 3]);
    expect(s.waiting).toEqual([0, 0, 0, 2]);
    expect(s.prefill).toEqual([true, false, false, false]);
  });

  it('expands a run of identical steps over the buckets it covers, growing KV one token per sequence per step', () => {
    const s = downsampleLog(log([{ endS: 10, count: 10, gapS: 1, batch: 2, kv: 120, reserved: 200 }]), 0, 10, 10);
    expect(s.batch).toEqual(new Array(10).fill(2));
    expect(s.kvReserved).toEqual(new Array(10).fill(200));
    expect(s.kvUsed).toEqual([102, 104, 106, 108, 110, 112, 114, 116, 118, 120]);
  });

  it('never has more points than buckets, and copes with an empty log or window', () => {
    const s = downsampleLog(chatBusy.log, 0, chatBusy.metrics.durationS, 300);
    expect(s.batch).toHaveLength(300);
    expect(Math.max(...s.batch)).toBeLessThanOrEqual(16);
    const empty = downsampleLog(log([]), 5, 5, NaN);
    expect(empty.batch).toEqual([0]);
    expectAllFinite(empty);
  });
});

describe('chooseLanes', () => {
  it('keeps the neighbours that overlap the representative most, in arrival order', () => {
    const rep = chatSwamped.requests[chatSwamped.representativeId];
    const w = windowAround(rep);
    const { neighbours, moreInFlight } = chooseLanes(chatSwamped.requests, rep, w, MAX_LANES);
    expect(neighbours).toHaveLength(MAX_LANES - 1);
    expect(moreInFlight).toBeGreaterThan(0);
    for (let i = 1; i < neighbours.length; i++) expect(neighbours[i].serverArrivalS).toBeGreaterThanOrEqual(neighbours[i - 1].serverArrivalS);
    const overlap = (r: RequestRecord) => Math.max(0, Math.min(r.lastTokenServerS, rep.lastTokenServerS) - Math.max(r.serverArrivalS, rep.serverArrivalS));
    const kept = new Set(neighbours.map((r) => r.id));
    const minKept = Math.min(...neighbours.map(overlap));
    const left = chatSwamped.requests.filter((r) => r.id !== rep.id && !kept.has(r.id) && r.completed);
    for (const r of left) expect(overlap(r)).toBeLessThanOrEqual(minKept + 1e-9);
  });
});

describe('layoutServer', () => {
  const layout = layoutServer(data(chatSwamped), { widthPx: 900 });

  it('caps the lanes, puts the representative on top and counts the rest', () => {
    expect(layout.lanes.length).toBeLessThanOrEqual(MAX_LANES);
    expect(layout.lanes[0].isRepresentative).toBe(true);
    expect(layout.lanes[0].id).toBe(chatSwamped.representativeId);
    expect(layout.lanes.filter((l) => l.isRepresentative)).toHaveLength(1);
    expect(layout.moreInFlight).toBeGreaterThan(0);
    expect(layout.moreLabel?.text).toBe(`+${layout.moreInFlight} more in flight during this window`);
    for (let i = 1; i < layout.lanes.length; i++) expect(layout.lanes[i].yPx).toBeGreaterThan(layout.lanes[i - 1].yPx);
  });

  it('windows around the representative: its send is inside, near the left', () => {
    const rep = chatSwamped.requests[chatSwamped.representativeId];
    expect(layout.window!.startS).toBeLessThan(rep.sendS);
    expect(layout.window!.endS).toBeGreaterThan(rep.lastTokenServerS);
    expect(layout.guides[0].xPx).toBeGreaterThan(layout.plotLeftPx);
    expect(layout.xAxis?.ticks.some((t) => t.label === '0 s')).toBe(true);
  });

  it('keeps every segment inside the plot and in phase order', () => {
    for (const lane of layout.lanes) {
      for (const s of lane.segments) {
        expect(s.x0Px).toBeGreaterThanOrEqual(layout.plotLeftPx - 0.05);
        expect(s.x1Px).toBeLessThanOrEqual(layout.plotRightPx + 0.05);
      }
    }
    expect(layout.lanes[0].segments.map((s) => s.kind)).toEqual(['network', 'queue', 'prefill', 'decode', 'network']);
  });

  it('downsamples batch and KV to at most one point per pixel', () => {
    expect(layout.samples).toBeLessThanOrEqual(layout.plotRightPx - layout.plotLeftPx);
    expect(layout.samples).toBeGreaterThan(100);
    const narrow = layoutServer(data(chatSwamped), { widthPx: 320 });
    expect(narrow.samples).toBeLessThanOrEqual(narrow.plotRightPx - narrow.plotLeftPx);
    // A step path has two commands per point at most (plus the close).
    expect((narrow.batchPanel!.lineD.match(/[LHV]/g) ?? []).length).toBeLessThanOrEqual(2 * (narrow.samples + 2));
  });

  it('draws the batch limit and KV capacity inside their panels', () => {
    const b = layout.batchPanel!;
    const k = layout.kvPanel!;
    expect(b.limit.label).toBe('batch limit 64');
    expect(b.limit.yPx).toBeGreaterThanOrEqual(b.topPx);
    expect(b.limit.yPx).toBeLessThan(b.bottomPx);
    expect(k.limit.label).toBe('capacity 120k tokens');
    expect(k.limit.yPx).toBeGreaterThanOrEqual(k.topPx);
  });

  it('says why the summarize request waited: KV memory', () => {
    const l = layoutServer(data(summarizeBusy), { widthPx: 700 });
    expect(l.summary).toMatch(/KV memory was (9\d|100)% reserved/);
    expect(l.phaseLabels.map((p) => p.kind)).toEqual(['queue', 'prefill', 'decode']);
    expectAllFinite(l);
  });

  it('is finite everywhere, and degrades to a message without completed requests', () => {
    expectAllFinite(layout);
    expectAllFinite(layoutServer(data(chatBusy), { widthPx: 320 }));
    const none = layoutServer({ ...data(chatBusy), requests: [] }, { widthPx: 500 });
    expect(none.message).toMatch(/No request completed/);
    expectAllFinite(none);
    const missing = layoutServer({ ...data(chatBusy), representativeId: -1 }, { widthPx: 500 });
    expect(missing.lanes[0].id).toBe(chatBusy.requests.find((r) => r.completed)!.id);
  });
});

describe('ServerView', () => {
  it('renders lanes, limits and a described image without NaN', () => {
    const html = renderToStaticMarkup(createElement(ServerView, { ...data(chatBusy), requests: chatBusy.requests, width: 600 }));
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-describedby');
    expect(html).toContain('yours');
    expect(html).toContain('batch limit 64');
    expect(html).not.toMatch(/NaN|Infinity/);
  });
});
