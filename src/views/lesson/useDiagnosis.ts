import { useMemo } from 'react';
import { diagnose, diagnosisInputOf, type Diagnosis } from '../../lesson/diagnosis';
import { sceneReadingOf, type SceneReading } from '../../lesson/scenes';
import type { Settings } from '../../settings/schema';
import { useDeferredSim, useSim } from '../../workers';
import type { MainResult } from '../../workers/protocol';
import type { LiveStatus } from './useLiveNumbers';

/** The run on screen and whether it belongs to the current settings (as `useLiveNumbers` tells it). */
function useMain(): { main: { id: number; result: MainResult; settings: Settings } | null; status: LiveStatus } {
  const main = useDeferredSim((s) => s.main);
  const requestedId = useSim((s) => s.requestedId);
  const failed = useSim((s) => s.error !== null && s.error.id === s.requestedId);
  return { main, status: failed ? 'error' : main?.id === requestedId ? 'ready' : 'running' };
}

/** The diagnosis of a worker result, for the settings it ran (memoised per result). */
const diagnoses = new WeakMap<MainResult, Diagnosis>();
export function diagnosisOf(result: MainResult, settings: Settings): Diagnosis {
  const hit = diagnoses.get(result);
  if (hit) return hit;
  const d = diagnose(diagnosisInputOf(result, result.representative?.breakdown ?? null, result.cluster.gpus, result.cluster.gpusPerInstance), settings);
  diagnoses.set(result, d);
  return d;
}

/** The diagnosis of the run on screen, with the settings it ran. */
export function useDiagnosis(): { diagnosis: Diagnosis | null; settings: Settings | null; status: LiveStatus; resultId: number } {
  const { main, status } = useMain();
  const diagnosis = useMemo(() => (main ? diagnosisOf(main.result, main.settings) : null), [main]);
  return { diagnosis, settings: main?.settings ?? null, status, resultId: main?.id ?? 0 };
}

/** A lever scene's reading of the run on screen, with the settings it ran. */
export function useSceneReading(): { reading: SceneReading | null; settings: Settings | null; status: LiveStatus } {
  const { main, status } = useMain();
  const reading = useMemo(() => (main ? sceneReadingOf(main.result, main.result.representative?.breakdown ?? null, main.result.cluster) : null), [main]);
  return { reading, settings: main?.settings ?? null, status };
}
