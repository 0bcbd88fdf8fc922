/** What the page keeps of the worker's edge runs: the main run's ranges, the curve's bands, the sensitivity. */
import type { InputSensitivity, MetricRanges, PredictionSpreads, SweepBand } from '../engine/uncertainty';
import type { WorkerReply } from './protocol';

/** The edge runs received for one main run (by its request id); each part arrives after the one before. */
export interface EdgeState {
  id: number;
  ranges: MetricRanges;
  spreads: PredictionSpreads;
  /** One band per sweep point, by index (holes while they arrive). */
  bands: (SweepBand | undefined)[];
  sensitivity: InputSensitivity[] | null;
}

type EdgeReply = Extract<WorkerReply, { type: 'ranges' | 'sweep-band' | 'sensitivity' }>;

/** The edge state after `reply`, given the shown main run's id and the current edge state; undefined when the reply is stale. */
export function nextEdgeState(mainId: number | undefined, edges: EdgeState | null, reply: EdgeReply): EdgeState | undefined {
  if (mainId !== reply.id) return undefined;
  if (reply.type === 'ranges') return { id: reply.id, ranges: reply.ranges, spreads: reply.spreads, bands: [], sensitivity: null };
  if (!edges || edges.id !== reply.id) return undefined;
  if (reply.type === 'sensitivity') return { ...edges, sensitivity: reply.sensitivity };
  const bands = edges.bands.slice();
  bands[reply.index] = reply.band;
  return { ...edges, bands };
}
