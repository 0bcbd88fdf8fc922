/** The words the Plan section writes about a configuration (pure, so tests and the table agree). */
import { enginePreset } from '../../engine/engines/presets';
import { GPUS } from '../../engine/profiles/catalog';
import { NEAR_KNEE } from '../../plan/search';
import type { PlannedConfig, PlanRequest } from '../../plan/types';
import { formatReqPerSec } from '../chart/format';

const gpuLabel = (id: string) => GPUS.find((g) => g.id === id)?.label ?? id;

/** "2 replicas of 2 × H100 SXM 80GB, fp8", "H100 SXM 80GB, bf16", or "1 prefill + 2 decode of L40S 48GB, bf16". */
export function shapeText(c: PlannedConfig): string {
  const inst = c.tp > 1 ? `${c.tp} × ${gpuLabel(c.gpu)}` : gpuLabel(c.gpu);
  if (c.disaggregated) return `${c.disaggregated.prefillInstances} prefill + ${c.disaggregated.decodeInstances} decode of ${inst}, ${c.precision}`;
  return `${c.replicas > 1 ? `${c.replicas} replicas of ` : ''}${inst}, ${c.precision}`;
}

/** The engine's label. */
export function engineText(c: PlannedConfig): string {
  return enginePreset(c.engine)?.label ?? c.engine;
}

/** Why a configuration is flagged near its knee, or null. */
export function kneeReason(c: PlannedConfig, req: PlanRequest): string | null {
  if (!c.nearKnee) return null;
  return `It sustains ${formatReqPerSec(c.sustainedReqPerSec)}, less than ${NEAR_KNEE} × the asked ${formatReqPerSec(req.ratePerSec)}: near its knee, where a few percent more traffic, or a little less memory or speed than the model assumes, make requests queue.`;
}
