// The sweeps and curve data the curve's tests share, and the check that a layout holds only finite numbers.
import { sweep, type SweepPoint } from '../../src/engine';
import { DEFAULT_SETTINGS, scenarioFromSettings, type Settings } from '../../src/settings';
import type { CurveData } from '../../src/views/curve';
import { finiteChecker } from './finiteLayout';

function scenario(over: Partial<Settings>) {
  const o = scenarioFromSettings({ ...DEFAULT_SETTINGS, requests: 200, ...over });
  if (!o.ok) throw new Error(o.message);
  return o.scenario;
}

export const chatPoints = sweep(scenario({ users: 16 }));
export const ratePoints = sweep(scenario({ rate: 2 }), { kind: 'rate', values: [0.5, 1, 2, 4, Infinity] });

export function data(points: SweepPoint[], over: Partial<CurveData> = {}): CurveData {
  return { points, current: { users: 16, ratePerSec: null }, slo: { ttftMs: 500, tpotMs: 50 }, maxBatch: 64, kvCapacityTokens: 120_000, ...over };
}

/** Every number a layout hands to the SVG is finite (raw data and tick values are exempt). */
export const expectAllFinite = finiteChecker({ skipKeys: ['point', 'value'] });
