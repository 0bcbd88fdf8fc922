import { format } from 'd3-format';
import { scaleLinear, scaleLog } from 'd3-scale';
import { area, line } from 'd3-shape';
import type { SweepPoint } from '../../engine';
import { FONT_PX, type AxisMarks } from '../chart/axisMarks';
import { finiteOr, formatCompact, formatMs, formatMsTick } from '../chart/format';
import { estimateTextWidthPx } from '../chart/labels';
import { flowLegend, type LegendItem, type PlacedLegendItem } from '../chart/legendLayout';
import type { ColourRole } from '../chart/palette';
import { linearTicks, logTicks } from '../chart/ticks';

/** A tick of requests per second: `0`, `0.005`, `0.02`, `1.5`, `12`, `1.2k`. */
const sig2 = format('.2~r');
export function formatReqTick(v: number): string {
  if (!Number.isFinite(v) || v === 0) return '0';
  return Math.abs(v) < 10 ? sig2(v) : formatCompact(v);
}

/** Panel titles and legends start at the chart's left edge, left of the y tick labels. */
const HEADER_LEFT_PX = 4;

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

/** Half-diagonal of an extra run's diamond, px. */
export const EXTRA_MARKER_PX = 6;

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

interface SeriesSpec {
  key: string;
  label: string;
  role: ColourRole;
  dashed: boolean;
  value: (p: SweepPoint) => number;
}

interface PanelSpec {
  id: PanelId;
  title: string;
  scale: 'linear' | 'log';
  series: SeriesSpec[];
  tick: (v: number) => string;
  slo: { valueMs: number; role: ColourRole; label: string } | null;
  /** What an extra run contributes to this panel. */
  extra: (v: ExtraValues) => { key: ExtraMarker['key']; value: number; hollow: boolean }[];
}

/**
 * Goodput as the lesson defines it, and as the cards show it: completed
 * requests per second that met every target (never above throughput).
 */
export function goodputReqPerSec(p: SweepPoint): number {
  return finiteOr(Math.min(p.metrics.goodputReqPerSec, p.metrics.requestsPerSec), 0);
}

/** The three panels' specifications: what each plots and how. */
export function panelSpecs(slo: { ttftMs: number | null; tpotMs: number | null }): PanelSpec[] {
  const sloSpec = (v: number | null, name: string) =>
    v !== null && Number.isFinite(v) && v > 0 ? { valueMs: v, role: 'slo' as const, label: `${name} SLO ${formatMs(v)}` } : null;
  return [
    {
      id: 'throughput',
      // Requests per second, the unit goodput is defined in (the cards give tokens per second too).
      title: 'Throughput and goodput (req/s)',
      scale: 'linear',
      tick: formatReqTick,
      slo: null,
      extra: (v) => [{ key: 'value', value: v.requestsPerSec ?? NaN, hollow: false }],
      series: [
        { key: 'throughput', label: 'throughput: all completed', role: 'throughput', dashed: false, value: (p) => p.metrics.requestsPerSec },
        { key: 'goodput', label: 'goodput: met every target', role: 'goodput', dashed: true, value: goodputReqPerSec },
      ],
    },
    {
      id: 'ttft',
      title: 'Time to first token per user (log scale)',
      scale: 'log',
      tick: formatMsTick,
      slo: sloSpec(slo.ttftMs, 'TTFT'),
      extra: (v) => [
        { key: 'p50', value: v.ttftP50Ms, hollow: false },
        { key: 'p95', value: v.ttftP95Ms, hollow: true },
      ],
      series: [
        { key: 'ttft-p50', label: 'p50', role: 'prefill', dashed: false, value: (p) => p.metrics.ttftMs.p50 },
        { key: 'ttft-p95', label: 'p95', role: 'prefill', dashed: true, value: (p) => p.metrics.ttftMs.p95 },
      ],
    },
    {
      id: 'tpot',
      title: 'Time per output token per user',
      scale: 'linear',
      tick: formatMsTick,
      slo: sloSpec(slo.tpotMs, 'TPOT'),
      extra: (v) => [
        { key: 'p50', value: v.tpotP50Ms, hollow: false },
        { key: 'p95', value: v.tpotP95Ms, hollow: true },
      ],
      series: [
        { key: 'tpot-p50', label: 'p50', role: 'decode', dashed: false, value: (p) => p.metrics.tpotMs.p50 },
        { key: 'tpot-p95', label: 'p95', role: 'decode', dashed: true, value: (p) => p.metrics.tpotMs.p95 },
      ],
    },
  ];
}

/** Largest value a panel draws (ms or tok/s): beyond it no measurement lies, and a log axis up to 1e308 overflows. */
const MAX_PLOTTABLE = 1e12;

/** Whether an extra run's value can be drawn on a panel of this scale (a log scale has no place for 0). */
function drawable(scale: PanelSpec['scale'], v: number): boolean {
  return Number.isFinite(v) && v <= MAX_PLOTTABLE && (scale === 'log' ? v > 0 : v >= 0);
}

/** A y scale for the panel's values (its SLO and extra runs included), never degenerate, never NaN. */
function yScaleFor(spec: PanelSpec, points: readonly SweepPoint[], topPx: number, bottomPx: number, extras: readonly PanelExtraInput[] = []) {
  const values = points.flatMap((p) => spec.series.map((s) => Math.min(MAX_PLOTTABLE, finiteOr(s.value(p), 0))));
  for (const e of extras) for (const m of spec.extra(e.values)) if (drawable(spec.scale, m.value)) values.push(m.value);
  if (spec.slo) values.push(spec.slo.valueMs);
  if (spec.scale === 'log') {
    const positive = values.filter((v) => v > 0);
    let lo = positive.length > 0 ? Math.min(...positive) : 1;
    let hi = positive.length > 0 ? Math.max(...positive) : 1000;
    if (hi / lo < 4) {
      const mid = Math.sqrt(lo * hi);
      lo = Math.min(lo, mid / 2);
      hi = Math.max(hi, mid * 2);
    }
    const scale = scaleLog().domain([lo / 1.25, hi * 1.25]).range([bottomPx, topPx]).clamp(true);
    // Across a decade or more, round the ends to powers of ten so the axis has round labels at both ends.
    if (hi / lo >= 10) scale.nice();
    const maxTicks = Math.max(2, Math.floor((bottomPx - topPx) / 24));
    const y = (v: number) => (v > 0 && Number.isFinite(v) ? scale(v) : bottomPx);
    return { y, ticks: logTicks(scale, maxTicks, spec.tick) };
  }
  const hi = Math.max(0, ...values);
  const scale = scaleLinear()
    .domain([0, hi > 0 ? hi * 1.1 : 1])
    .range([bottomPx, topPx])
    .nice(Math.max(2, Math.floor((bottomPx - topPx) / 30)));
  const y = (v: number) => finiteOr(scale(finiteOr(v, 0)), bottomPx);
  return { y, ticks: linearTicks(scale, Math.max(2, Math.floor((bottomPx - topPx) / 30)), spec.tick) };
}

/**
 * Lays out one panel from `headerTopPx`: title, legend, then a plot of
 * `plotHeightPx`, `extraTopPx` below the legend (room for annotations).
 * `extras` (runs measured elsewhere) widen the y range so their diamonds
 * stay inside the plot.
 */
export function layoutPanel(
  spec: PanelSpec,
  points: readonly SweepPoint[],
  frame: PanelFrame,
  headerTopPx: number,
  plotHeightPx: number,
  extraTopPx = 0,
  extras: readonly PanelExtraInput[] = [],
  baseline: { points: readonly SweepPoint[]; frame: PanelFrame } | null = null,
): PanelMarks {
  const titleYPx = headerTopPx + FONT_PX.title;
  const legendItems: LegendItem[] = spec.series.map((s) => ({ key: s.key, label: s.label, role: s.role, swatch: s.dashed ? 'dashed' : 'line' }));
  if (spec.id === 'throughput') legendItems.push({ key: 'missed', label: 'missed SLO', role: 'slo', swatch: 'band' });
  if (spec.slo) legendItems.push({ key: 'slo', label: spec.slo.label, role: 'slo', swatch: 'line' });
  if (baseline && spec.id === 'throughput') legendItems.push({ key: 'baseline', label: 'wide, faint: the pinned run', role: 'muted', swatch: 'ghost' });
  const legend = flowLegend(legendItems, HEADER_LEFT_PX, frame.rightPx, titleYPx + 4, FONT_PX.tick);
  const topPx = legend.bottomPx + 8 + extraTopPx;
  const bottomPx = topPx + plotHeightPx;
  const { y, ticks } = yScaleFor(spec, baseline ? [...points, ...baseline.points] : points, topPx, bottomPx, extras);

  const pathFor = (ys: number[], f: PanelFrame = frame): string => {
    const pts = ys.map((yPx, i) => ({ x: f.xPx[i], y: yPx, ok: f.joinable[i] }));
    return (
      line<(typeof pts)[number]>()
        .defined((d) => d.ok && Number.isFinite(d.x) && Number.isFinite(d.y))
        .x((d) => d.x)
        .y((d) => d.y)
        .digits(1)(pts) ?? ''
    );
  };
  const series: SeriesMarks[] = spec.series.map((s) => {
    const yPx = points.map((p) => y(s.value(p)));
    return { key: s.key, role: s.role, dashed: s.dashed, pathD: pathFor(yPx), yPx };
  });
  const ghosts: SeriesMarks[] = baseline
    ? spec.series.map((s) => {
        const yPx = baseline.points.map((p) => y(s.value(p)));
        return { key: `baseline-${s.key}`, role: s.role, dashed: s.dashed, ghost: true, xPx: baseline.frame.xPx, pathD: pathFor(yPx, baseline.frame), yPx };
      })
    : [];

  let gapAreaD: string | null = null;
  if (spec.id === 'throughput' && series.length === 2) {
    const rows = points.map((_, i) => ({ x: frame.xPx[i], y0: series[1].yPx[i], y1: series[0].yPx[i], ok: frame.joinable[i] }));
    gapAreaD =
      area<(typeof rows)[number]>()
        .defined((d) => d.ok)
        .x((d) => d.x)
        .y0((d) => d.y0)
        .y1((d) => d.y1)
        .digits(1)(rows) || null;
  }

  return {
    id: spec.id,
    title: spec.title,
    titleXPx: HEADER_LEFT_PX,
    titleYPx,
    legend: legend.items,
    topPx,
    bottomPx,
    yAxis: {
      orient: 'left',
      ticks,
      atPx: frame.leftPx,
      fromPx: topPx,
      toPx: bottomPx,
      grid: { fromPx: frame.leftPx, toPx: frame.rightPx },
      title: '',
      titleXPx: 0,
      titleYPx: 0,
      titleAnchor: 'start',
    },
    // Ghosts first, so the current run's lines are drawn over them.
    series: [...ghosts, ...series],
    gapAreaD,
    slo: spec.slo ? { role: spec.slo.role, yPx: y(spec.slo.valueMs), label: spec.slo.label } : null,
    extras: extras.map((e, index) => layoutExtra(spec, e, index, y, frame, topPx, bottomPx, spec.slo ? { yPx: y(spec.slo.valueMs), label: spec.slo.label } : null)),
  };
}

/**
 * An extra run's diamonds on one panel, and its label beside them: to the
 * right when it fits inside the plot, else to the left; level with the upper
 * diamond, else the lower one, else just above or below them, else just
 * below the SLO line or above its label, whichever first stays clear of the
 * SLO line (and its label, drawn above the line at the plot's left) and
 * inside the panel's height.
 */
function layoutExtra(
  spec: PanelSpec,
  e: PanelExtraInput,
  index: number,
  y: (v: number) => number,
  frame: PanelFrame,
  topPx: number,
  bottomPx: number,
  slo: { yPx: number; label: string } | null,
): ExtraPanelMarks {
  const markers: ExtraMarker[] = spec
    .extra(e.values)
    .filter((m) => drawable(spec.scale, m.value))
    .map((m) => ({ key: m.key, yPx: Math.min(bottomPx, Math.max(topPx, finiteOr(y(m.value), bottomPx))), hollow: m.hollow }));
  if (markers.length === 0) return { index, xPx: e.xPx, markers, label: null };
  const upper = Math.min(...markers.map((m) => m.yPx));
  const lower = Math.max(...markers.map((m) => m.yPx));
  const gap = EXTRA_MARKER_PX + 4;
  const width = estimateTextWidthPx(e.text, FONT_PX.tick);
  const fits = e.xPx + gap + width <= frame.rightPx;
  const [left, right] = fits ? [e.xPx + gap, e.xPx + gap + width] : [e.xPx - gap - width, e.xPx - gap];
  // Candidate baselines (text centred on a y sits about a third of the font size below it).
  const centre = FONT_PX.tick / 3;
  const candidates = [upper + centre, lower + centre, upper - EXTRA_MARKER_PX - 4, lower + EXTRA_MARKER_PX + FONT_PX.tick + 2];
  const inside = (b: number) => b - FONT_PX.tick >= topPx - 0.5 && b <= bottomPx - 2;
  // The SLO label sits at the plot's left, its baseline 4 px above the line (as the chart draws it).
  const sloLabelRight = slo ? frame.leftPx + 4 + estimateTextWidthPx(slo.label, FONT_PX.tick) : -Infinity;
  const sloTop = slo === null ? 0 : left < sloLabelRight + 4 && right > frame.leftPx ? slo.yPx - 4 - FONT_PX.tick : slo.yPx;
  const clearOfSlo = (b: number) => slo === null || sloTop > b + 3 || slo.yPx < b - FONT_PX.tick - 2;
  // When the diamonds sit on the SLO line, just below the line or just above its label.
  if (slo) candidates.push(slo.yPx + FONT_PX.tick + 4, sloTop - 5);
  const baseline = candidates.find((b) => inside(b) && clearOfSlo(b)) ?? Math.min(bottomPx - 3, Math.max(topPx + FONT_PX.tick, upper + centre));
  return {
    index,
    xPx: e.xPx,
    markers,
    label: { text: e.text, xPx: fits ? e.xPx + gap : e.xPx - gap, yPx: baseline, anchor: fits ? 'start' : 'end' },
  };
}
