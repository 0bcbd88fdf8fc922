import { sweep } from '../engine/sweep';
import { simulate } from '../engine/simulate';
import { EngineInputError } from '../engine/validate';
import { scenarioFromSettings } from '../settings/scenario';
// Speculative decoding's methods (draft models, EAGLE, prompt lookup) register themselves.
import '../settings/speculative';
import '../settings/pools';
import { mainResultOf } from './payload';
import { PointCache } from './pointCache';
import type { RunRequest, WorkerReply } from './protocol';
import { sweepAxisFor } from './sweepAxis';
import { BandCache, mainRanges, pointBand, sensitivityReply, wantsEdges } from './edgeRuns';
import type { SweepPoint } from '../engine/sweep';
import type { KvCapacityBounds, RunMetrics } from '../engine/types';

/**
 * The worker's scheduling, independent of the worker global so it can be
 * tested: keeps only the newest request, runs the main simulation first and
 * posts it, then the sweep one point at a time, yielding between points so a
 * newer request preempts the rest of a stale sweep.
 */
export function createRunner(post: (reply: WorkerReply) => void, yieldToInbox: () => Promise<void>) {
  let latest: RunRequest | null = null;
  let running = false;
  const cache = new PointCache();
  const bands = new BandCache();

  async function runOne(req: RunRequest): Promise<void> {
    const built = scenarioFromSettings(req.settings);
    if (!built.ok) {
      post({ type: 'error', id: req.id, param: built.param, message: built.message });
      return;
    }
    try {
      let axis = req.axis;
      let mainMetrics: RunMetrics | null = req.pointMetrics ?? null;
      let mainKvBounds: KvCapacityBounds | null = req.pointKvBounds ?? null;
      // A run the page simulated and shows needs only its sweep (the page sends its axis).
      if (!(req.shown && axis)) {
        const t0 = performance.now();
        const result = simulate(built.scenario);
        const computeMs = performance.now() - t0;
        post(req.shown ? { type: 'main-cost', id: req.id, computeMs } : { type: 'main', id: req.id, result: mainResultOf(result, computeMs) });
        axis ??= sweepAxisFor(built.scenario.load, result.metrics);
        mainMetrics = result.metrics;
        mainKvBounds = result.kvBounds;
      }
      // Ranges of the main run (two runs) before the curve: the cards show them first.
      const edges = wantsEdges(req.settings) && mainMetrics !== null && !req.sweepWindow;
      let ranged: ReturnType<typeof mainRanges> | null = null;
      if (edges) {
        await yieldToInbox();
        if (latest) return;
        ranged = mainRanges(req.id, built.scenario, mainMetrics!, mainKvBounds);
        post(ranged.reply);
      }
      const swept: SweepPoint[] = [];
      const t1 = performance.now();
      for (let index = 0; index < axis.values.length; index++) {
        const value = axis.values[index];
        const windowKind = req.sweepWindow ?? 'steady';
        const key = PointCache.key(req.settings, axis.kind, value, windowKind);
        let point = cache.get(key);
        if (!point) {
          await yieldToInbox();
          if (latest) return; // superseded: drop the rest of this sweep
          const one = axis.kind === 'users' ? { kind: 'users' as const, values: [value] } : { kind: 'rate' as const, values: [value] };
          point = sweep(built.scenario, one, { kind: windowKind, warmup: built.scenario.window?.warmup ?? 0 })[0];
          cache.set(key, point);
        }
        post({ type: 'sweep-point', id: req.id, index, total: axis.values.length, axis: axis.kind, point });
        swept.push(point);
      }
      post({ type: 'sweep-done', id: req.id, computeMs: performance.now() - t1 });
      if (!ranged) return;
      // The sensitivity (the cards' words and the why panel) before the bands: five runs against eighteen.
      await yieldToInbox();
      if (latest) return;
      post(sensitivityReply(req.id, built.scenario, mainMetrics!, ranged.runner));
      for (let index = 0; index < swept.length; index++) {
        const key = PointCache.key(req.settings, axis.kind, axis.values[index], 'steady');
        let band = bands.get(key);
        if (!band) {
          await yieldToInbox();
          if (latest) return;
          band = pointBand(built.scenario, axis, index, swept[index], 'steady');
          bands.set(key, band);
        }
        post({ type: 'sweep-band', id: req.id, index, band });
      }
    } catch (e) {
      const param = e instanceof EngineInputError ? e.param : 'settings';
      post({ type: 'error', id: req.id, param, message: e instanceof Error ? e.message : String(e) });
    }
  }

  async function loop(): Promise<void> {
    running = true;
    while (latest) {
      const req = latest;
      latest = null;
      await runOne(req);
    }
    running = false;
  }

  return {
    /** Accepts a request; an older one still running stops at its next yield. */
    receive(req: RunRequest): void {
      if (latest === null || req.id > latest.id) latest = req;
      if (!running) void loop();
    },
  };
}
