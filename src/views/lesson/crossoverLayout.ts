/**
 * Scene 2's crossover chart: each speculative method's speedup (TPOT p50
 * without ÷ with it) against users, both axes logarithmic (users double from
 * point to point; a 2× gain and a 2× loss sit equally far from 1×), the
 * break-even line at 1× and a ring where each line crosses it.
 */
import { scaleLog } from 'd3-scale';
import { line } from 'd3-shape';
import type { CrossoverLine } from '../../lesson/scenes';
import { FONT_PX, type AxisMarks } from '../chart/axisMarks';
import { formatNumber } from '../chart/format';
import { estimateTextWidthPx } from '../chart/labels';
import { SWATCH_PX } from '../chart/legendLayout';
import type { ColourRole } from '../chart/palette';
import { thinHorizontalTicks, type Tick } from '../chart/ticks';
import { MIN_CHART_WIDTH_PX } from '../chart/useChartWidth';

/** How each method is drawn: a colour and a dash, so the lines part without colour too. */
const STYLES: readonly { role: ColourRole; dash: string | undefined }[] = [
  { role: 'throughput', dash: undefined },
  { role: 'prefill', dash: '7 4' },
  { role: 'decode', dash: undefined },
  { role: 'queue', dash: '2 3' },
];

/** A speedup as the chart and its text write it: `2.61×`. */
export const fmtSpeedup = (x: number): string => `${x.toFixed(2)}×`;

/** One method's marks. */
export interface CrossoverLineMarks {
  id: string;
  role: ColourRole;
  dash: string | undefined;
  pathD: string;
  dots: { xPx: number; yPx: number }[];
  /** The ring on the 1× line where the method turns into a loss, or null when it does not between two points. */
  crossing: { xPx: number; yPx: number } | null;
}

/** One key of the legend: the method's swatch, its name and its first loss. */
export interface CrossoverLegendItem {
  id: string;
  role: ColourRole;
  dash: string | undefined;
  label: string;
  xPx: number;
  yPx: number;
}

export interface CrossoverLayout {
  widthPx: number;
  heightPx: number;
  plot: { leftPx: number; rightPx: number; topPx: number; bottomPx: number };
  legend: CrossoverLegendItem[];
  xAxis: AxisMarks;
  yAxis: AxisMarks;
  /** The break-even line at 1×, with "gain" above it and "loss" below at its left end (where every line still gains). */
  breakEven: { yPx: number; labelXPx: number; gainYPx: number; lossYPx: number };
  lines: CrossoverLineMarks[];
  /** What the chart shows, one sentence per method (joined, its accessible name); the progress while sweeps are missing. */
  sentences: string[];
  sentence: string;
}

/** A method's legend text: its name and where it first loses. */
export function legendLabel(l: CrossoverLine, lastUsers: number): string {
  return `${l.label}: ${l.firstLossUsers === null ? `gains up to ${formatNumber(lastUsers)} users` : `loss from ${formatNumber(l.firstLossUsers)} ${l.firstLossUsers === 1 ? 'user' : 'users'}`}`;
}

/** One method in words: its gain at the first point, where it crosses 1× and its first loss. */
export function lineSentence(l: CrossoverLine): string {
  const first = l.points[0];
  const lastPoint = l.points[l.points.length - 1];
  if (!first) return `${l.label}: no points.`;
  const start = `${l.label}: ${fmtSpeedup(first.speedup)} at ${formatNumber(first.users)} ${first.users === 1 ? 'user' : 'users'}`;
  if (l.firstLossUsers === null) return `${start}, still ${fmtSpeedup(lastPoint.speedup)} at ${formatNumber(lastPoint.users)}: no loss on the chart.`;
  const loss = l.points.find((p) => p.users === l.firstLossUsers)!;
  const cross = l.crossingUsers === null ? '' : `, crosses 1× near ${Math.round(l.crossingUsers)} users`;
  return `${start}${cross} and is a loss from ${formatNumber(loss.users)} (${fmtSpeedup(loss.speedup)}).`;
}

const powersOf2 = (lo: number, hi: number): number[] => {
  const out: number[] = [];
  for (let v = 2 ** Math.floor(Math.log2(lo)); v <= hi * (1 + 1e-9); v *= 2) if (v >= lo * (1 - 1e-9)) out.push(v);
  return out;
};

/**
 * Lays out the lines that are in over `chart.users` (each method keeps its
 * colour by its place in `chart.methodIds`, while the others arrive), and the
 * progress sentence while `progress` says sweeps are missing.
 */
export function layoutCrossover(
  lines: readonly CrossoverLine[],
  chart: { users: readonly number[]; methodIds: readonly string[] },
  size: { widthPx: number },
  progress?: { done: number; total: number },
): CrossoverLayout {
  const users = chart.users;
  const styleOf = (l: CrossoverLine) => STYLES[Math.max(0, chart.methodIds.indexOf(l.id)) % STYLES.length];
  const widthPx = Math.max(MIN_CHART_WIDTH_PX, Number.isFinite(size.widthPx) ? size.widthPx : MIN_CHART_WIDTH_PX);
  const wide = widthPx >= 600;
  const leftPx = wide ? 52 : 44;
  const rightPx = widthPx - (wide ? 44 : 36);
  const lastUsers = users[users.length - 1] ?? 1;

  // Legend: one key a method, flowed left to right and wrapped.
  const legend: CrossoverLegendItem[] = [];
  let x = 4;
  let y = 8;
  lines.forEach((l) => {
    const style = styleOf(l);
    const label = legendLabel(l, lastUsers);
    const w = SWATCH_PX.width + SWATCH_PX.gap + estimateTextWidthPx(label, FONT_PX.tick);
    if (x > 4 && x + w > widthPx - 4) {
      x = 4;
      y += 16;
    }
    legend.push({ id: l.id, role: style.role, dash: style.dash, label, xPx: x, yPx: y });
    x += w + SWATCH_PX.spacing;
  });
  const topPx = (legend.length > 0 ? y + 8 : 0) + 22;
  const plotH = wide ? 220 : 190;
  const bottomPx = topPx + plotH;

  const all = lines.flatMap((l) => l.points.map((p) => p.speedup)).filter((s) => s > 0 && Number.isFinite(s));
  const yLo = Math.min(0.5, ...all.map((s) => s / 1.15));
  const yHi = Math.max(2, ...all.map((s) => s * 1.15));
  const xs = scaleLog().base(2).domain([users[0] ?? 1, Math.max(lastUsers, (users[0] ?? 1) * 2)]).range([leftPx, rightPx]).clamp(true);
  const ys = scaleLog().base(2).domain([yLo, yHi]).range([bottomPx, topPx]).clamp(true);

  const xTicks: Tick[] = thinHorizontalTicks(powersOf2(xs.domain()[0], xs.domain()[1]).map((v) => ({ value: v, px: xs(v), label: formatNumber(v) })), FONT_PX.tick);
  const yTicks: Tick[] = powersOf2(yLo, yHi).map((v) => ({ value: v, px: ys(v), label: `${formatNumber(v)}×` }));
  const path = (pts: { xPx: number; yPx: number }[]) => line<{ xPx: number; yPx: number }>().x((d) => d.xPx).y((d) => d.yPx).digits(1)(pts) ?? '';

  const marks: CrossoverLineMarks[] = lines.map((l) => {
    const style = styleOf(l);
    const dots = l.points.map((p) => ({ xPx: xs(p.users), yPx: ys(p.speedup) }));
    return { id: l.id, role: style.role, dash: style.dash, pathD: path(dots), dots, crossing: l.crossingUsers === null ? null : { xPx: xs(l.crossingUsers), yPx: ys(1) } };
  });
  const missing = progress !== undefined && progress.done < progress.total;
  const sentences = missing
    ? [`Sweeping each method over ${formatNumber(users[0] ?? 1)} to ${formatNumber(lastUsers)} users: ${progress!.done} of ${progress!.total} sweeps done…`]
    : lines.map(lineSentence);
  const yOne = ys(1);
  return {
    widthPx,
    heightPx: bottomPx + 44,
    plot: { leftPx, rightPx, topPx, bottomPx },
    legend,
    xAxis: {
      orient: 'bottom', ticks: xTicks, atPx: bottomPx, fromPx: leftPx, toPx: rightPx, grid: { fromPx: topPx, toPx: bottomPx },
      title: wide ? 'concurrent users (log scale) · every request counted' : 'concurrent users (log scale)', titleXPx: (leftPx + rightPx) / 2, titleYPx: bottomPx + 32, titleAnchor: 'middle',
    },
    yAxis: { orient: 'left', ticks: yTicks, atPx: leftPx, fromPx: topPx, toPx: bottomPx, grid: { fromPx: leftPx, toPx: rightPx }, title: 'speedup (TPOT without ÷ with)', titleXPx: leftPx - (wide ? 44 : 36), titleYPx: topPx - 8, titleAnchor: 'start' },
    breakEven: { yPx: yOne, labelXPx: leftPx + 6, gainYPx: yOne - 5, lossYPx: yOne + 13 },
    lines: marks,
    sentences,
    sentence: sentences.join(' '),
  };
}
