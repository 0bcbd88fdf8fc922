import { simulate, type RunResult } from '../../src/engine';
import { liveNumbersOf } from '../../src/lesson/live';
import type { LiveNumbers } from '../../src/lesson/types';
import { settingsFromQuery } from '../../src/settings/parse';
import { scenarioFromSettings } from '../../src/settings/scenario';

const cache = new Map<string, RunResult>();

/** Runs a deep-link scenario through the real engine (memoised: runs are deterministic). */
export function runQuery(query: string): RunResult {
  const hit = cache.get(query);
  if (hit) return hit;
  const built = scenarioFromSettings(settingsFromQuery(query).settings);
  if (!built.ok) throw new Error(`${query}: ${built.message}`);
  const result = simulate(built.scenario);
  cache.set(query, result);
  return result;
}

/** The live numbers of a scenario, as the page would show them. */
export function liveOf(query: string): LiveNumbers {
  const live = liveNumbersOf(runQuery(query));
  if (!live) throw new Error(`${query}: nothing completed`);
  return live;
}

/**
 * Numbers of a formatted value `text` (with unit) in the units the registry
 * prints; used to check an explanation quotes a live number.
 */
export function numbersIn(text: string): number[] {
  return [...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((m) => Number(m[0].replace(/,/g, '')));
}
