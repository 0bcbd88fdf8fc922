/** The curve's input and the marks its layout returns, in px. */
import type { LimitingFactor, SweepPoint } from '../../engine';
import type { SweepBand } from '../../engine/uncertainty';
import type { AxisMarks } from '../chart/axisMarks';
import type { LoadKind } from './loadAxis';
import type { ExtraValues, PanelMarks } from './panelTypes';

/** What the curve draws. */
export interface CurveData {
  points: readonly SweepPoint[];
  current: { users: number | null; ratePerSec: number | null };
  slo: { ttftMs: number | null; tpotMs: number | null };
  maxBatch: number;
  kvCapacityTokens: number;
  /** Runs measured elsewhere (an imported benchmark, a live measurement), drawn as diamonds. */
  extraPoints?: readonly CurveExtraPoint[];
  /** The pinned baseline's sweep, drawn wide and faint under the current one (points of the other load kind are left out). */
  baselinePoints?: readonly SweepPoint[];
  /** The lab's range at each point (same order as `points`; holes while the edge runs arrive); absent on servers without ranges. */
  bands?: readonly (SweepBand | undefined)[];
}

/** Where TTFT takes off, as a region of load (see `kneeRegion`): shaded on the TTFT panel. */
export interface KneeRegionMarks {
  x0Px: number;
  x1Px: number;
  label: string;
  /** Where the label starts (or ends), so it stays inside the plot. */
  labelXPx: number;
  labelAnchor: 'start' | 'end';
}

/**
 * A run measured elsewhere, to compare with the curve. It is placed on the
 * load axis by what is known of its load: on a users axis its configured
 * concurrency, else its observed mean requests in flight; on a rate axis its
 * configured rate, else its observed request throughput.
 */
export interface CurveExtraPoint extends ExtraValues {
  label: string;
  /** Configured concurrency (closed loop), or null when unknown. */
  users: number | null;
  /** Configured request rate, req/s (Infinity = all at once), or null when unknown. */
  ratePerSec: number | null;
  /** Observed mean requests in flight (Σ E2E ÷ duration), or null. */
  meanInFlight?: number | null;
  /** Observed completed requests per second, or null. */
  requestsPerSec?: number | null;
}

/** How an extra run was placed on the load axis. */
export type ExtraPlacement = 'users' | 'rate' | 'in-flight' | 'observed-rate' | 'unknown';

/** An extra run on the chart: its x, how it got there, and its label (the panels hold its diamonds). */
export interface ExtraPointMarks {
  index: number;
  xPx: number;
  placedBy: ExtraPlacement;
  /** Which edge the run was pinned to because its load is outside the axis, or null. */
  clamped: 'left' | 'right' | null;
  /** The load in words, saying how it was obtained: `2 users`, `≈1.3 in flight (measured)`. */
  loadText: string;
  /** What the chart draws beside each diamond: the run's name and its load. */
  label: string;
  point: CurveExtraPoint;
}

/** A sweep point on the chart (in load order). */
export interface CurvePointMarks {
  index: number;
  xPx: number;
  label: string;
  isCurrent: boolean;
  point: SweepPoint;
}

/** A stretch of load where requests queue behind a limit, shaded on every panel. */
export interface LimitRegionMarks {
  factor: Exclude<LimitingFactor, 'none'>;
  x0Px: number;
  x1Px: number;
  label: string;
}

/** A text label in the annotation band above the first plot. */
export interface BandLabel {
  key: string;
  text: string;
  kind: 'current' | Exclude<LimitingFactor, 'none'>;
  textXPx: number;
  yPx: number;
  anchor: 'start' | 'middle' | 'end';
}

/** Everything the curve component renders, in px. */
export interface CurveLayout {
  widthPx: number;
  heightPx: number;
  kind: LoadKind | null;
  plotLeftPx: number;
  plotRightPx: number;
  panels: PanelMarks[];
  xAxis: AxisMarks | null;
  points: CurvePointMarks[];
  /** Runs measured elsewhere, in the order given. */
  extras: ExtraPointMarks[];
  limitRegions: LimitRegionMarks[];
  /** The knee region, once every band is in and TTFT may take off within the sweep; else null. */
  knee: KneeRegionMarks | null;
  bandLabels: BandLabel[];
  /** x of the axis break before the ∞-rate slot, or null. */
  axisBreakXPx: number | null;
  /** The operating point's vertical line, across the plots. */
  current: { xPx: number; topPx: number; bottomPx: number; index: number | null } | null;
  summary: string;
  /** Shown instead of the plot when there is nothing to draw yet. */
  message: string | null;
  /** The pinned baseline's points drawn (same load axis), in load order; empty when none. */
  baselinePoints: CurvePointMarks[];
  /** True when a baseline was given but sweeps the other load kind (users against rate), so it is not drawn. */
  baselineOffAxis: boolean;
}
