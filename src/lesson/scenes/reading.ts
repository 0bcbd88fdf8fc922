import type { RequestBreakdown } from '../../engine/breakdown';
import type { ClusterShape } from '../../engine/levers/config';
import { expectedTokensPerStep } from '../../engine/levers/speculative';
import type { Levers } from '../../engine/types';
import { decodeBatchOf, type DiagnosisRun } from '../diagnosis/input';
import { liveNumbersOf, type RunLike } from '../live';
import type { SceneReading } from './types';

/** What a scene reads from a run: the engine's `RunResult` and the worker's `MainResult` both fit. */
export type SceneRun = RunLike & DiagnosisRun & { scenario: RunLike['scenario'] & DiagnosisRun['scenario'] & { levers?: Omit<Levers, 'disaggregated'> } };

/** The cluster in words. */
export function layoutOf(cluster: Pick<ClusterShape, 'instances'>): string {
  const prefill = cluster.instances.filter((i) => i.role === 'prefill');
  const decode = cluster.instances.filter((i) => i.role === 'decode');
  // Pools at their own TP say so; at one TP the words stay as they were.
  if (prefill.length > 0 && decode.length > 0 && prefill[0].gpus !== decode[0].gpus) return `${prefill.length} prefill at TP ${prefill[0].gpus} + ${decode.length} decode at TP ${decode[0].gpus}`;
  if (prefill.length + decode.length > 0) return `${prefill.length} prefill + ${decode.length} decode`;
  const n = cluster.instances.length;
  return n === 1 ? '1 instance' : `${n} replicas`;
}

/** The scene's reading of a run, or null when no request completed. */
export function sceneReadingOf(run: SceneRun, drawn: RequestBreakdown | null, cluster: ClusterShape): SceneReading | null {
  const live = liveNumbersOf(run);
  if (!live || !drawn) return null;
  const gaps = Math.max(1, drawn.outputTokens - 1);
  const spec = run.scenario.levers?.speculative;
  const specTokens = spec?.tokens ?? 0;
  return {
    live,
    tpotParts: {
      pace: drawn.decodePaceMs / gaps,
      interference: drawn.prefillInterferenceMs / gaps,
      preemption: drawn.preemptionStallMs / gaps,
      handoff: (drawn.kvWaitMs + drawn.kvTransferMs + drawn.decodeQueueMs) / gaps,
    },
    cachedTokens: drawn.cachedTokens,
    prefillSavedMs: drawn.prefillSavedMs,
    decodeBatch: decodeBatchOf(run, run.requests[drawn.id]),
    gpus: cluster.gpus,
    prefillGpus: cluster.instances.filter((i) => i.role === 'prefill').reduce((n, i) => n + i.gpus, 0),
    layout: layoutOf(cluster),
    specTokens,
    tokensPerStep: expectedTokensPerStep(specTokens, spec?.acceptance ?? 0),
    kvTransferMs: drawn.kvTransferMs,
  };
}
