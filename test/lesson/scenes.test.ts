import { describe, expect, it } from 'vitest';
import { clusterShape, requestBreakdown, simulate, type RequestBreakdown } from '../../src/engine';
import { choiceOrder } from '../../src/lesson/choiceOrder';
import { fmtMs, fmtReqPerSec, fmtShare, fmtTokPerSec } from '../../src/lesson/format';
import { QUESTIONS } from '../../src/lesson/questions';
import { LEVER_SCENES, SCENE_CHOICE_SEED, sceneById, sceneReadingOf, specOutcome, type SceneCause, type SceneReading } from '../../src/lesson/scenes';
import { METRIC_IDS } from '../../src/lesson/types';
import { settingsFromQuery } from '../../src/settings/parse';
import { scenarioFromSettings } from '../../src/settings/scenario';
import { watchValue } from '../../src/views/lesson/metricNames';


interface Step {
  reading: SceneReading;
  breakdown: RequestBreakdown;
}
const memo = new Map<string, Step>();

/** Runs a scenario through the engine, as the page does: the scene's reading and, separately, the engine's own breakdown. */
function step(query: string): Step {
  const hit = memo.get(query);
  if (hit) return hit;
  const built = scenarioFromSettings(settingsFromQuery(query).settings);
  if (!built.ok) throw new Error(`${query}: ${built.message}`);
  const result = simulate(built.scenario);
  const breakdown = requestBreakdown(result, result.representativeId)!;
  const reading = sceneReadingOf(result, breakdown, clusterShape(built.scenario))!;
  const s = { reading, breakdown };
  memo.set(query, s);
  return s;
}
const readingsOf = (queries: readonly string[]) => queries.map((q) => step(q).reading);

/** The engine's breakdown, part by part, in ms of the request's own time (written here from the breakdown, not from the scene's code). */
function engineParts(b: RequestBreakdown): Record<SceneCause, number> {
  return {
    network: b.networkInMs + b.networkOutMs,
    queue: b.queueMs,
    prefill: b.prefillMs,
    pace: b.decodePaceMs,
    interference: b.prefillInterferenceMs,
    preemption: b.preemptionStallMs,
    handoff: b.kvWaitMs + b.kvTransferMs + b.decodeQueueMs,
  };
}
function engineLargest(before: string, after: string, how: 'fall' | 'change'): SceneCause {
  const b = engineParts(step(before).breakdown);
  const a = engineParts(step(after).breakdown);
  const score = (k: SceneCause) => (how === 'fall' ? b[k] - a[k] : Math.abs(b[k] - a[k]));
  return (Object.keys(b) as SceneCause[]).reduce((best, k) => (score(k) > score(best) ? k : best));
}

/**
 * Every duration, rate and share the explanation quotes must be on screen:
 * a value in the scene's table or a watched readout of one of its steps.
 * Multiples (×) and relative changes (%, signed) are computed from them.
 */
function expectQuotesOnScreen(text: string, scene: (typeof LEVER_SCENES)[number], readings: readonly SceneReading[]) {
  const shown = new Set<string>();
  for (const r of readings) {
    for (const c of scene.columns) shown.add(c.value(r));
    for (const m of METRIC_IDS) shown.add(watchValue(m, r.live));
    if (r.live.tpotSloMs !== null) shown.add(fmtMs(r.live.tpotSloMs));
    if (r.live.ttftSloMs !== null) shown.add(fmtMs(r.live.ttftSloMs));
  }
  const quoted = [...text.matchAll(/(?<![−+\d.,])\d[\d,]*(?:\.\d+)? (?:ms|s|tok\/s|req\/s)\b|(?<![−+\d.,])\d[\d,]*(?:\.\d+)?%/g)].map((m) => m[0]);
  expect(quoted.length).toBeGreaterThan(3);
  for (const q of quoted) expect(shown, `"${q}" is quoted but not on screen`).toContain(q);
}

describe('lever scene registry', () => {
  it('has three scenes, numbered 1..3, found by number', () => {
    expect(LEVER_SCENES.map((s) => s.id)).toEqual([1, 2, 3]);
    expect(sceneById(2)?.title).toBe('The long report');
    expect(sceneById(4)).toBeUndefined();
  });
  for (const scene of LEVER_SCENES) {
    describe(`scene ${scene.id}`, () => {
      it('every step parses without notices; the first never pins, every switch after it pins the step before (as the scenes say)', () => {
        for (const s of scene.steps) expect(settingsFromQuery(s.query).notices, s.query).toEqual([]);
        expect(scene.steps[0].pinPrevious).toBe(false);
        scene.steps.slice(1).forEach((s, i) => {
          expect(s.pinPrevious, `step ${i + 2}`).toBe(true);
          expect(s.label, `step ${i + 2}`).toMatch(/^Switch to: /);
          expect(s.watchHint, `step ${i + 2} says what is pinned`).toMatch(/pinned as the baseline/);
        });
      });
      it('has honest choices: a valid answer no longer than the others by much', () => {
        const p = scene.prediction;
        expect(p.choices.length).toBeGreaterThanOrEqual(3);
        const others = p.choices.filter((_, i) => i !== p.correctIndex).map((c) => c.length);
        expect(p.choices[p.correctIndex].length).toBeLessThanOrEqual(Math.max(...others) * 1.25);
      });
      it('watches known readouts, and its explanation applies on its last step only', () => {
        for (const m of scene.watch) expect(METRIC_IDS).toContain(m);
        const last = settingsFromQuery(scene.steps[scene.steps.length - 1].query).settings;
        expect(scene.applies(last)).toEqual({ ok: true });
        const first = settingsFromQuery(scene.steps[0].query).settings;
        const verdict = scene.applies(first);
        expect(verdict.ok).toBe(false);
        if (!verdict.ok) expect(verdict.message).toMatch(/You changed/);
      });
    });
  }
  it('shows the choices in a shuffled order: not as written, not the same as any question, the answer in different places', () => {
    const orders = LEVER_SCENES.map((s) => choiceOrder(SCENE_CHOICE_SEED + s.id, s.prediction.choices.length));
    for (const o of orders) expect(o).not.toEqual([...o].sort());
    const questionOrders = QUESTIONS.map((q) => String(choiceOrder(q.id, q.prediction.choices.length)));
    for (const o of orders) expect(questionOrders).not.toContain(String(o));
    expect(new Set(orders.map(String)).size).toBe(orders.length);
    expect(new Set(LEVER_SCENES.map((s, k) => orders[k].indexOf(s.prediction.correctIndex))).size).toBe(LEVER_SCENES.length);
  });
});

describe('scene 1, the long summary: prefix caching moves TTFT through prefill, not TPOT', () => {
  const scene = sceneById(1)!;
  const cases = [
    { name: 'the lesson server', queries: scene.steps.map((s) => s.query) },
    { name: 'Llama 3.1 8B on an H100', queries: ['model=llama-3.1-8b&gpu=h100-sxm&workload=summarize', 'model=llama-3.1-8b&gpu=h100-sxm&workload=summarize&prefixCacheShare=0.8'] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const rs = readingsOf(c.queries);
      const cause = scene.cause(rs);
      expect(cause).toBe(engineLargest(c.queries[0], c.queries[1], 'fall'));
      expect(cause).toBe('prefill');
      const [b, a] = rs;
      expect(a.live.ttftMs).toBeLessThan(b.live.ttftMs * 0.5);
      expect(Math.abs(a.live.tpotMs / b.live.tpotMs - 1)).toBeLessThan(0.03);
      const text = scene.explain(rs).join(' ');
      expect(text).toContain(`TTFT went from ${fmtMs(b.live.ttftMs)} to ${fmtMs(a.live.ttftMs)}`);
      expect(text).toContain(`Nearly all of that is prefill, ${fmtMs(b.live.parts.prefillMs)} → ${fmtMs(a.live.parts.prefillMs)}`);
      expect(text).toMatch(/TPOT stayed at|TPOT went from/);
      expectQuotesOnScreen(text, scene, rs);
    });
  }
});

describe('scene 2, the long report: speculative decoding, a large gain at one user that shrinks or reverses at 64', () => {
  const scene = sceneById(2)!;
  const hw = 'model=llama-3.1-8b&gpu=h100-sxm&workload=report';
  const cases = [
    { name: 'the lesson server: a loss at 64', queries: scene.steps.map((s) => s.query), outcome: 'loss' as const },
    { name: 'Llama 3.1 8B on an H100: the gain shrinks at 64', queries: [hw, `${hw}&specTokens=4`, `${hw}&users=64`, `${hw}&users=64&specTokens=4`], outcome: 'shrank' as const },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const rs = readingsOf(c.queries);
      expect(scene.cause(rs)).toBe(engineLargest(c.queries[2], c.queries[3], 'change'));
      expect(scene.cause(rs)).toBe('pace');
      // The gain at one user is large; at 64 it is smaller, or a loss.
      const one = rs[0].live.tpotMs / rs[1].live.tpotMs;
      const many = rs[2].live.tpotMs / rs[3].live.tpotMs;
      expect(one).toBeGreaterThan(1.5);
      expect(many).toBeLessThan(one);
      expect(specOutcome(rs)).toBe(c.outcome);
      const text = scene.explain(rs).join(' ');
      expect(text).toContain(`TPOT went from ${fmtMs(rs[0].live.tpotMs)} to ${fmtMs(rs[1].live.tpotMs)}`);
      expect(text).toContain(`TPOT went from ${fmtMs(rs[2].live.tpotMs)} to ${fmtMs(rs[3].live.tpotMs)}`);
      expect(text).toMatch(c.outcome === 'loss' ? /: a loss\./ : /the gain shrank/);
      expect(text).toContain(`About ${Math.round(rs[3].decodeBatch)} sequences share each step`);
      expectQuotesOnScreen(text, scene, rs);
    });
  }
});

describe('scene 3, twice the traffic: split prefill and decode hold the SLO at the same GPUs and throughput', () => {
  const scene = sceneById(3)!;
  const lesson = 'prompt=4000&output=200&spread=0.5&ttftSlo=2000&tpotSlo=45&requests=600&window=steady';
  const cases = [
    { name: 'Llama 3.1 8B on 4 × H100 (the README’s case)', queries: scene.steps.map((s) => s.query) },
    { name: 'the lesson server, 2 GPUs', queries: [`${lesson}&replicas=2&rate=1.25`, `${lesson}&replicas=2&rate=2.5`, `${lesson}&prefillGpus=1&decodeGpus=1&rate=2.5`] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const rs = readingsOf(c.queries);
      expect(scene.cause(rs)).toBe(engineLargest(c.queries[1], c.queries[2], 'fall'));
      expect(scene.cause(rs)).toBe('interference');
      const [a, b, s] = rs;
      expect(a.live.sloMetShare).toBeGreaterThan(0.95);
      expect(b.live.goodputReqPerSec).toBeLessThan(a.live.goodputReqPerSec);
      expect(s.gpus).toBe(b.gpus);
      expect(Math.abs(s.live.systemTokPerSec / b.live.systemTokPerSec - 1)).toBeLessThan(0.1);
      expect(s.live.goodputReqPerSec / b.live.goodputReqPerSec).toBeGreaterThan(2);
      const text = scene.explain(rs).join(' ');
      expect(text).toContain('about the same raw throughput');
      expect(text).toContain(`goodput ${fmtReqPerSec(s.live.goodputReqPerSec)}`);
      expect(text).toContain(`only ${fmtShare(b.live.sloMetShare)} of requests were in time`);
      expect(text).toContain(fmtTokPerSec(s.live.systemTokPerSec));
      const d = rs[3];
      if (d) {
        // The last step: each pool at its own TP, decode on one 2-GPU instance; TPOT falls further, at the same GPUs.
        expect(d.layout).toBe('2 prefill at TP 1 + 1 decode at TP 2');
        expect(d.gpus).toBe(s.gpus);
        expect(d.live.tpotMs).toBeLessThan(s.live.tpotMs);
        expect(text).toContain(`TPOT falls from ${fmtMs(s.live.tpotMs)} to ${fmtMs(d.live.tpotMs)}`);
        expect(text).toContain(`As ${d.layout}`);
      }
      expectQuotesOnScreen(text, scene, rs);
    });
  }
});
