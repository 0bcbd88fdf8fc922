/** The shapes the curve's panels are specified and laid out in. */
import type { SweepPoint } from '../../engine';
import type { Span, SweepBand } from '../../engine/uncertainty';
import type { AxisMarks } from '../chart/axisMarks';
import type { PlacedLegendItem } from '../chart/legendLayout';
import type { ColourRole } from '../chart/palette';

/** Which of the curve's stacked panels. */
export type PanelId = 'throughput' | 'ttft' | 'tpot';

/** A line of the curve with its dots (one per sweep point). */
export interface SeriesMarks {
  key: string;
  role: ColourRole;
  dashed: boolean;
  /** The pinned baseline's line (drawn wide and faint, dots at `baselineXPx`). */
  ghost?: boolean;
  /** x of each dot of a ghost line (the baseline's own loads). */
  xPx?: number[];
  /** SVG path through the points with a finite load (an ∞ rate is drawn as a dot only). */
  pathD: string;
  /** y of each point, in point order. */
  yPx: number[];
}

/** A horizontal target line with its label. */
export interface SloLineMarks {
  role: ColourRole;
  yPx: number;
  label: string;
}

/** The values of a run measured elsewhere (imported or live) that the panels plot. */
export interface ExtraValues {
  outputTokPerSec: number;
  /** Completed requests per second (what the first panel plots), or null when unknown. */
  requestsPerSec?: number | null;
  ttftP50Ms: number;
  ttftP95Ms: number;
  tpotP50Ms: number;
  tpotP95Ms: number;
}

/** An extra run to draw on a panel: where it sits on the load axis and the label beside it. */
export interface PanelExtraInput {
  xPx: number;
  text: string;
  values: ExtraValues;
}

/** One diamond of an extra run: its value (throughput) or percentile (p50 filled, p95 hollow, like the lines). */
export interface ExtraMarker {
  key: 'value' | 'p50' | 'p95';
  yPx: number;
  hollow: boolean;
}

/** An extra run on one panel: its diamonds and a label beside the upper one (none when no value can be drawn). */
export interface ExtraPanelMarks {
  index: number;
  xPx: number;
  markers: ExtraMarker[];
  label: { text: string; xPx: number; yPx: number; anchor: 'start' | 'end' } | null;
}

/** One panel: a y axis, its lines, an optional SLO line and the legend above it. */
export interface PanelMarks {
  id: PanelId;
  title: string;
  titleXPx: number;
  titleYPx: number;
  legend: PlacedLegendItem[];
  topPx: number;
  bottomPx: number;
  yAxis: AxisMarks;
  series: SeriesMarks[];
  /** Shaded band between throughput and goodput: the requests that missed the SLO. */
  gapAreaD: string | null;
  /** The lab's range around the solid line (the edge runs' band), or null while it is not in. */
  rangeAreaD: string | null;
  slo: SloLineMarks | null;
  /** Runs measured elsewhere, drawn as diamonds (in the order given). */
  extras: ExtraPanelMarks[];
}

/** Geometry shared by the panels. */
export interface PanelFrame {
  leftPx: number;
  rightPx: number;
  /** x of each point (sorted by load). */
  xPx: number[];
  /** Whether each point can be joined by a line (false for an ∞ rate). */
  joinable: boolean[];
}

export interface SeriesSpec {
  key: string;
  label: string;
  role: ColourRole;
  dashed: boolean;
  value: (p: SweepPoint) => number;
}

export interface PanelSpec {
  id: PanelId;
  title: string;
  scale: 'linear' | 'log';
  series: SeriesSpec[];
  tick: (v: number) => string;
  slo: { valueMs: number; role: ColourRole; label: string } | null;
  /** The range of the solid line's value in a point's band. */
  band: (b: SweepBand) => Span;
  /** What an extra run contributes to this panel. */
  extra: (v: ExtraValues) => { key: ExtraMarker['key']; value: number; hollow: boolean }[];
}
