/** Lays out one of the curve's panels: title, legend, y axis, lines, the SLO line and extra runs. */
import { scaleLinear, scaleLog } from 'd3-scale';
import { area, line } from 'd3-shape';
import type { SweepPoint } from '../../engine';
import { FONT_PX } from '../chart/axisMarks';
import { finiteOr } from '../chart/format';
import { flowLegend, type LegendItem } from '../chart/legendLayout';
import { linearTicks, logTicks } from '../chart/ticks';
import { drawable, layoutExtra, MAX_PLOTTABLE } from './panelExtras';
import type { PanelExtraInput, PanelFrame, PanelMarks, PanelSpec, SeriesMarks } from './panelTypes';
import type { SweepBand } from '../../engine/uncertainty';

/** Panel titles and legends start at the chart's left edge, left of the y tick labels. */
const HEADER_LEFT_PX = 4;

/** A y scale for the panel's values (its SLO and extra runs included), never degenerate, never NaN. */
function yScaleFor(spec: PanelSpec, points: readonly SweepPoint[], topPx: number, bottomPx: number, extras: readonly PanelExtraInput[] = [], bands: readonly (SweepBand | undefined)[] = []) {
  const values = points.flatMap((p) => spec.series.map((s) => Math.min(MAX_PLOTTABLE, finiteOr(s.value(p), 0))));
  for (const b of bands) if (b) for (const v of spec.band(b)) values.push(Math.min(MAX_PLOTTABLE, finiteOr(v, 0)));
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
  /** Each point's band (same order as `points`; holes while they arrive). */
  bands: readonly (SweepBand | undefined)[] = [],
): PanelMarks {
  const titleYPx = headerTopPx + FONT_PX.title;
  const legendItems: LegendItem[] = spec.series.map((s) => ({ key: s.key, label: s.label, role: s.role, swatch: s.dashed ? 'dashed' : 'line' }));
  if (spec.id === 'throughput') legendItems.push({ key: 'missed', label: 'missed SLO', role: 'slo', swatch: 'band' });
  const banded = bands.some((b) => b !== undefined);
  if (banded && spec.id === 'throughput') legendItems.push({ key: 'range', label: 'likely range', role: 'muted', swatch: 'band' });
  if (spec.slo) legendItems.push({ key: 'slo', label: spec.slo.label, role: 'slo', swatch: 'line' });
  if (baseline && spec.id === 'throughput') legendItems.push({ key: 'baseline', label: 'wide, faint: the pinned run', role: 'muted', swatch: 'ghost' });
  const legend = flowLegend(legendItems, HEADER_LEFT_PX, frame.rightPx, titleYPx + 4, FONT_PX.tick);
  const topPx = legend.bottomPx + 8 + extraTopPx;
  const bottomPx = topPx + plotHeightPx;
  const { y, ticks } = yScaleFor(spec, baseline ? [...points, ...baseline.points] : points, topPx, bottomPx, extras, bands);

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

  let rangeAreaD: string | null = null;
  if (banded) {
    const rows = points.map((_, i) => {
      const b = bands[i];
      const [lo, hi] = b ? spec.band(b) : [NaN, NaN];
      return { x: frame.xPx[i], y0: y(lo), y1: y(hi), ok: frame.joinable[i] && b !== undefined && Number.isFinite(lo) && Number.isFinite(hi) };
    });
    rangeAreaD =
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
    rangeAreaD,
    slo: spec.slo ? { role: spec.slo.role, yPx: y(spec.slo.valueMs), label: spec.slo.label } : null,
    extras: extras.map((e, index) => layoutExtra(spec, e, index, y, frame, topPx, bottomPx, spec.slo ? { yPx: y(spec.slo.valueMs), label: spec.slo.label } : null)),
  };
}
