import { scaleLinear, type ScaleLinear } from 'd3-scale';
import { formatCount, formatMs } from '../common/format';
import { axisTicks, textWidth } from './timeAxis';
import { decodeRegions, gapsOf, slowGapThreshold, tokenMarks } from './tokens';
import type { BracketMark, FormulaMarks, LaneMarks, SegmentKind, SegmentMark, TimelineData, TimelineMarks, TimelineSize } from './types';

export const MARGIN_X = 20;
const BAR_H = 28;
/** Show a zoom on the request's start when TTFT takes less than this many px of the overview. */
export const ZOOM_BELOW_PX = 140;
/** Tokens after the first that the zoom lane shows. */
export const ZOOM_TOKENS = 8;

const SEGMENT_NAMES: Record<SegmentKind, string> = {
  'network-in': 'Network in',
  queue: 'Queue',
  prefill: 'Prefill',
  'network-out': 'Network out',
};

const finite = (x: number): number => (Number.isFinite(x) && x > 0 ? x : 0);

function segmentsFor(d: TimelineData, x: ScaleLinear<number, number>): SegmentMark[] {
  const parts: [SegmentKind, number][] = [
    ['network-in', finite(d.networkInMs)],
    ['queue', finite(d.queueMs)],
    ['prefill', finite(d.prefillMs)],
    ['network-out', finite(d.networkOutMs)],
  ];
  let t = 0;
  const [d0, d1] = x.domain();
  const out: SegmentMark[] = [];
  for (const [kind, ms] of parts) {
    const startMs = t;
    const endMs = t + ms;
    t = endMs;
    if (ms <= 0 || endMs <= d0 || startMs >= d1) continue;
    const x0 = x(Math.max(startMs, d0));
    const x1 = x(Math.min(endMs, d1));
    const width = Math.max(0, x1 - x0);
    const long = `${SEGMENT_NAMES[kind]} ${formatMs(ms)}`;
    const short = SEGMENT_NAMES[kind];
    const label = width >= textWidth(long) + 8 ? long : width >= textWidth(short) + 8 ? short : null;
    out.push({ kind, x: x0, width, startMs, endMs, label, title: `${long}: ${formatMs(startMs)} to ${formatMs(endMs)} after sending` });
  }
  return out;
}

function lane(id: LaneMarks['id'], title: string, y: number, d: TimelineData, x: ScaleLinear<number, number>, width: number, slowAboveMs: number, maxRegions: number): LaneMarks {
  const segments = segmentsFor(d, x);
  const [d0, d1] = x.domain();
  const ttft = finite(d.ttftMs);
  const flagLabel = `First token ${formatMs(ttft)}`;
  const fx = x(ttft);
  const flag = ttft >= d0 && ttft <= d1 ? { x: fx, label: fx + 6 + textWidth(flagLabel) <= width ? flagLabel : fx - 6 - textWidth(flagLabel) >= 0 ? flagLabel : null } : null;
  const times = d.tokenTimesMs.filter((t) => t <= d1 + 1e-9);
  const regions = [
    ...segments.map((s) => ({ x: s.x, width: Math.max(1, s.width), label: s.title })),
    ...decodeRegions(times, x, maxRegions),
  ];
  return {
    id,
    title,
    y,
    height: BAR_H,
    domainMs: [d0, d1],
    segments,
    flag,
    tokens: tokenMarks(d.tokenTimesMs, x, slowAboveMs),
    axis: axisTicks(x, width),
    axisY: y + BAR_H + 4,
    regions,
  };
}

/** A bracket over [x0, x1]; its label sits centred when it fits, else just after the end (or before the start). */
function bracket(x0: number, x1: number, y: number, label: string, width: number): BracketMark {
  const w = textWidth(label);
  if (x1 - x0 >= w + 8) return { x0, x1, y, label, labelX: (x0 + x1) / 2, anchor: 'middle' };
  if (x1 + 6 + w <= width) return { x0, x1, y, label, labelX: x1 + 6, anchor: 'start' };
  return { x0, x1, y, label, labelX: Math.max(w, x0 - 6), anchor: 'end' };
}

/** The formula with this request's numbers; the sum equals E2E because TPOT is defined from it. */
export function formulaFor(d: TimelineData): FormulaMarks {
  const n = Math.max(1, Math.round(d.outputTokens));
  const ttftMs = finite(d.ttftMs);
  const tpotMs = finite(d.tpotMs);
  const e2eMs = finite(d.e2eMs);
  const sumMs = ttftMs + tpotMs * (n - 1);
  return {
    ttftMs, tpotMs, outputTokens: n, e2eMs, sumMs,
    text: `${formatMs(e2eMs)} = ${formatMs(ttftMs)} + ${formatMs(tpotMs)} × (${formatCount(n)} − 1)`,
  };
}

/**
 * Geometry of the request timeline. Top: the TTFT bracket; then the bar with
 * network in, queue, prefill and network out, the first-token flag and the
 * decode tokens at their real arrival times; the time axis; the E2E bracket.
 * When the start is too narrow to read, a second lane zooms on it.
 */
export function layoutTimeline(data: TimelineData, size: TimelineSize): TimelineMarks {
  const width = Math.max(200, Math.floor(size.width));
  const lastToken = data.tokenTimesMs.length > 0 ? data.tokenTimesMs[data.tokenTimesMs.length - 1] : 0;
  const endMs = Math.max(finite(data.e2eMs), finite(lastToken), finite(data.ttftMs), 1);
  const x = scaleLinear().domain([0, endMs]).range([MARGIN_X, width - MARGIN_X]);
  const plotWidth = width - 2 * MARGIN_X;
  const slowAboveMs = slowGapThreshold(gapsOf(data.tokenTimesMs));
  const maxRegions = Math.max(1, Math.min(24, Math.floor(plotWidth / 40)));

  const ttftX = x(finite(data.ttftMs));
  const ttftBracket = bracket(x(0), ttftX, 14, `TTFT ${formatMs(data.ttftMs)}`, width);
  const overview = lane('overview', 'Whole request', 26, data, x, width, slowAboveMs, maxRegions);
  const e2eBracket = bracket(x(0), x(endMs), overview.axisY + 27, `E2E ${formatMs(data.e2eMs)}`, width);
  const lanes: LaneMarks[] = [overview];
  let zoomWindow: TimelineMarks['zoomWindow'] = null;
  let height = e2eBracket.y + 18;

  const times = data.tokenTimesMs;
  if (ttftX - MARGIN_X < ZOOM_BELOW_PX && endMs > finite(data.ttftMs) * 1.5 && times.length > 1) {
    const k = Math.min(ZOOM_TOKENS, times.length - 1);
    const zoomEndMs = Math.max(times[k], finite(data.ttftMs) * 1.25);
    const zx = scaleLinear().domain([0, zoomEndMs]).range([MARGIN_X, width - MARGIN_X]);
    const zoomY = height + 22;
    const zoom = lane('zoom', `Zoom on the dashed box: the first ${formatMs(zoomEndMs)}`, zoomY, data, zx, width, slowAboveMs, maxRegions);
    lanes.push(zoom);
    zoomWindow = { x0: x(0), x1: x(zoomEndMs), y: overview.y, height: BAR_H };
    height = zoom.axisY + 22;
  }
  return {
    width,
    height,
    lanes,
    zoomWindow,
    ttftBracket,
    e2eBracket,
    formula: formulaFor(data),
    hasSlowGaps: Number.isFinite(slowAboveMs) && data.tokenTimesMs.some((_, i) => i > 0 && data.tokenTimesMs[i] - data.tokenTimesMs[i - 1] > slowAboveMs),
  };
}
