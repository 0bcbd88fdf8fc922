/** Runs measured elsewhere on a panel: which values can be drawn, their diamonds and where their label goes. */
import { FONT_PX } from '../chart/axisMarks';
import { finiteOr } from '../chart/format';
import { estimateTextWidthPx } from '../chart/labels';
import type { ExtraMarker, ExtraPanelMarks, PanelExtraInput, PanelFrame, PanelSpec } from './panelTypes';

/** Half-diagonal of an extra run's diamond, px. */
export const EXTRA_MARKER_PX = 6;

/** Largest value a panel draws (ms or tok/s): beyond it no measurement lies, and a log axis up to 1e308 overflows. */
export const MAX_PLOTTABLE = 1e12;

/** Whether an extra run's value can be drawn on a panel of this scale (a log scale has no place for 0). */
export function drawable(scale: PanelSpec['scale'], v: number): boolean {
  return Number.isFinite(v) && v <= MAX_PLOTTABLE && (scale === 'log' ? v > 0 : v >= 0);
}

/**
 * An extra run's diamonds on one panel, and its label beside them: to the
 * right when it fits inside the plot, else to the left; level with the upper
 * diamond, else the lower one, else just above or below them, else just
 * below the SLO line or above its label, whichever first stays clear of the
 * SLO line (and its label, drawn above the line at the plot's left) and
 * inside the panel's height.
 */
export function layoutExtra(
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
