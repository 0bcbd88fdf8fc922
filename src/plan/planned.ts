/**
 * A deployment the search found, as the plan reports it: its GPUs, cost,
 * headroom, goodput per GPU, knee flag, and the `lab predict` options and
 * page link that reproduce it (both from the settings' one schema).
 */
import { PARAMS } from '../settings/schema';
import { settingsToQuery } from '../settings/parse';
import { gpusOf, planLinkSettings, planSettings, type Judged } from './evaluate';
import type { PlanConfig, PlannedConfig, PlanRequest } from './types';

/** A deployment whose sustained rate is below this multiple of the asked rate sits near its knee. */
export const NEAR_KNEE = 1.2;

/** Cost per hour of `c` from the typed prices, or null without a price for its GPU. */
export function costOf(req: PlanRequest, c: PlanConfig): number | null {
  const price = req.pricePerGpuHour[c.gpu];
  return price === undefined ? null : price * gpusOf(c);
}

/** `lab predict` options, from the settings' own link query (one schema for both). */
function predictArgs(query: string): string[] {
  const flagOf = new Map(PARAMS.map((p) => [p.key, p.flag]));
  const args: string[] = [];
  for (const [k, v] of new URLSearchParams(query)) {
    const flag = flagOf.get(k);
    if (flag) args.push(`--${flag}`, v);
  }
  return args;
}

/** The plan's entry for `c`, judged `at` the asked rate and sustaining `sustainedReqPerSec`. */
export function plannedConfig(req: PlanRequest, c: PlanConfig, at: Judged, sustainedReqPerSec: number): PlannedConfig {
  const R = req.ratePerSec;
  const gpus = gpusOf(c);
  const query = settingsToQuery(planSettings(req, c, R));
  return {
    ...c, gpus, meets: true,
    sustainedReqPerSec,
    headroom: sustainedReqPerSec / R - 1,
    goodputPerGpu: at.goodputReqPerSec / gpus,
    ttftP90Ms: at.ttftP90Ms, tpotP90Ms: at.tpotP90Ms, inTimeShare: at.inTimeShare,
    costPerHour: costOf(req, c),
    nearKnee: sustainedReqPerSec < NEAR_KNEE * R,
    // The ranges are checked after the search, on the cheapest rows only (rangeCheck.ts).
    kneeReasons: sustainedReqPerSec < NEAR_KNEE * R ? ['headroom'] : [],
    ranges: null,
    // A traced plan's run is the trace sped up to the asked rate (whose mean rate it is, so speed 1 unless --rate asked more).
    predict: req.trace ? [...predictArgs(query), ...req.trace.predict, ...(R === req.trace.meanRatePerSec ? [] : ['--trace-speed', String(R / req.trace.meanRatePerSec)])] : predictArgs(query),
    link: req.trace?.builtIn ? settingsToQuery(planLinkSettings(req, c, R)) : query,
  };
}
