import { scaleLinear, type ScaleLinear } from 'd3-scale';
import { formatCount, formatMs } from '../common/format';
import { axisTicks, textWidth } from './timeAxis';
import { decodeRegions, gapsOf, slowGapThreshold, tokenMarks } from './tokens';
import type { BracketMark, FormulaMarks, LaneMarks, SegmentKind, SegmentMark, TimelineData, TimelineMarks, TimelineSize } from './types';

export const MARGIN_X = 20;
const BAR_H = 28;
/** Height of a ghost (pinned baseline) bar, px, and the room it takes above the current one. */
export const GHOST_H = 12;
const GHOST_ROOM = GHOST_H + 10;
/** Show a zoom on the request's start when TTFT takes less than this many px of the overview. */
export const ZOOM_BELOW_PX = 140;
/** Tokens after the first that the zoom lane shows. */
export const ZOOM_TOKENS = 8;

const SEGMENT_NAMES: Record<SegmentKind, string> = {
  'network-in': 'Network in',
  queue: 'Queue',
  prefill: 'Prefill',
  'network-out': 'Network out',
  'kv-wait': 'KV link wait',
  'kv-transfer': 'KV transfer',
  'decode-queue': 'Decode queue',
};

const finite = (x: number): number => (Number.isFinite(x) && x > 0 ? x : 0);

/** The phases drawn as bars: before the first token from 0, and (disaggregated) the KV move and decode queue from the first token on. */
function phasesOf(d: TimelineData): { startMs: number; parts: [SegmentKind, number][] }[] {
  return [
    {
      startMs: 0,
      parts: [
        ['network-in', finite(d.networkInMs)],
        ['queue', finite(d.queueMs)],
        ['prefill', finite(d.prefillMs)],
        ['network-out', finite(d.networkOutMs)],
      ],
    },
    // At the client's clock, like the tokens: the server's times shifted by the way out.
    { startMs: finite(d.ttftMs), parts: [['kv-wait', finite(d.kvWaitMs ?? 0)], ['kv-transfer', finite(d.kvTransferMs ?? 0)], ['decode-queue', finite(d.decodeQueueMs ?? 0)]] },
  ];
}

function segmentsFor(d: TimelineData, x: ScaleLinear<number, number>, titlePrefix = ''): SegmentMark[] {
  const [d0, d1] = x.domain();
  const out: SegmentMark[] = [];
  for (const phase of phasesOf(d)) {
    let t = phase.startMs;
    for (const [kind, ms] of phase.parts) {
      const startMs = t;
      const endMs = t + ms;
      t = endMs;
      if (ms <= 0 || endMs <= d0 || startMs >= d1) continue;
      const x0 = x(Math.max(startMs, d0));
      const x1 = x(Math.min(endMs, d1));
      const width = Math.max(0, x1 - x0);
      const long = `${SEGMENT_NAMES[kind]} ${formatMs(ms)}`;
      const short = SEGMENT_NAMES[kind];
      const label = titlePrefix ? null : width >= textWidth(long) + 8 ? long : width >= textWidth(short) + 8 ? short : null;
      out.push({ kind, x: x0, width, startMs, endMs, label, title: `${titlePrefix}${long}: ${formatMs(startMs)} to ${formatMs(endMs)} after sending` });
    }
  }
  return out;
}

function lane(id: LaneMarks['id'], title: string, y: number, d: TimelineData, x: ScaleLinear<number, number>, width: number, slowAboveMs: number, maxRegions: number): LaneMarks {
  const segments = segmentsFor(d, x);
  return laneWith(id, title, y, BAR_H, d, x, width, slowAboveMs, segments, decodeRegions(d.tokenTimesMs.filter((t) => t <= x.domain()[1] + 1e-9), x, maxRegions));
}

function laneWith(
  id: LaneMarks['id'], title: string, y: number, barH: number, d: TimelineData, x: ScaleLinear<number, number>, width: number, slowAboveMs: number,
  segments: SegmentMark[], decode: LaneMarks['regions'],
): LaneMarks {
  const [d0, d1] = x.domain();
  const ttft = finite(d.ttftMs);
  const flagLabel = `First token ${formatMs(ttft)}`;
  const fx = x(ttft);
  const flag = ttft >= d0 && ttft <= d1 ? { x: fx, label: fx + 6 + textWidth(flagLabel) <= width ? flagLabel : fx - 6 - textWidth(flagLabel) >= 0 ? flagLabel : null } : null;
  const regions = [...segments.map((s) => ({ x: s.x, width: Math.max(1, s.width), label: s.title })), ...decode];
  return {
    id,
    title,
    y,
    height: barH,
    domainMs: [d0, d1],
    segments,
    flag,
    tokens: tokenMarks(d.tokenTimesMs, x, slowAboveMs),
    axis: axisTicks(x, width),
    axisY: y + barH + 4,
    regions,
    caption: null,
  };
}

/**
 * The pinned baseline's request as a faint strip at `y` on the current run's
 * time scale: its phases, tokens and first token, a caption with its TTFT and
 * E2E (after the bar when it fits, else over its end), and two focus regions
 * (its wait for the first token, its stream) named as the baseline's.
 */
function ghostLane(id: 'ghost' | 'ghost-zoom', y: number, g: TimelineData, x: ScaleLinear<number, number>, width: number): LaneMarks {
  const prefix = 'Pinned run: ';
  const segments = segmentsFor(g, x, prefix);
  const [d0, d1] = x.domain();
  const ttft = finite(g.ttftMs);
  const times = g.tokenTimesMs;
  const decode: LaneMarks['regions'] = [];
  if (times.length > 1 && times[0] < d1) {
    const x0 = x(Math.max(d0, times[0]));
    const x1 = x(Math.min(d1, times[times.length - 1]));
    decode.push({ x: x0, width: Math.max(1, x1 - x0), label: `${prefix}${formatCount(times.length)} tokens from ${formatMs(times[0])} to ${formatMs(times[times.length - 1])}, TPOT ${formatMs(g.tpotMs)}` });
  }
  const m = laneWith(id, 'Pinned run', y, GHOST_H, g, x, width, Infinity, segments, decode);
  const text = `pinned run: TTFT ${formatMs(ttft)}, E2E ${formatMs(g.e2eMs)}`;
  const w = textWidth(text);
  const end = Math.min(width - MARGIN_X, x(Math.max(finite(g.e2eMs), ttft)));
  const caption = end + 6 + w <= width ? { text, x: end + 6, y: y + GHOST_H - 2, anchor: 'start' as const, width: w } : { text, x: Math.max(w + 2, end - 4), y: y + GHOST_H - 2, anchor: 'end' as const, width: w };
  // Its first token is a plain tick, not a flag: the flag belongs to the current run.
  // The zoom's strip needs no caption: the one above says it.
  return { ...m, flag: ttft >= d0 && ttft <= d1 ? { x: x(ttft), label: null } : null, axis: [], caption: id === 'ghost' ? caption : null };
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
export function layoutTimeline(data: TimelineData, size: TimelineSize, ghost: TimelineData | null = null): TimelineMarks {
  const width = Math.max(200, Math.floor(size.width));
  const endOf = (d: TimelineData) => Math.max(finite(d.e2eMs), finite(d.tokenTimesMs.at(-1) ?? 0), finite(d.ttftMs), 1);
  // One time axis for both runs: the longer one sets it.
  const endMs = Math.max(endOf(data), ghost ? endOf(ghost) : 0);
  const top = ghost ? GHOST_ROOM : 0;
  const x = scaleLinear().domain([0, endMs]).range([MARGIN_X, width - MARGIN_X]);
  const plotWidth = width - 2 * MARGIN_X;
  const slowAboveMs = slowGapThreshold(gapsOf(data.tokenTimesMs));
  const maxRegions = Math.max(1, Math.min(24, Math.floor(plotWidth / 40)));

  const ttftX = x(finite(data.ttftMs));
  const ttftBracket = bracket(x(0), ttftX, top + 14, `TTFT ${formatMs(data.ttftMs)}`, width);
  const overview = lane('overview', 'Whole request', top + 26, data, x, width, slowAboveMs, maxRegions);
  const e2eBracket = bracket(x(0), x(endOf(data)), overview.axisY + 27, `E2E ${formatMs(data.e2eMs)}`, width);
  const lanes: LaneMarks[] = [overview];
  const ghosts: LaneMarks[] = ghost ? [ghostLane('ghost', 4, ghost, x, width)] : [];
  let zoomWindow: TimelineMarks['zoomWindow'] = null;
  let height = e2eBracket.y + 18;

  const times = data.tokenTimesMs;
  if (ttftX - MARGIN_X < ZOOM_BELOW_PX && endMs > finite(data.ttftMs) * 1.5 && times.length > 1) {
    const k = Math.min(ZOOM_TOKENS, times.length - 1);
    const zoomEndMs = Math.max(times[k], finite(data.ttftMs) * 1.25);
    const zx = scaleLinear().domain([0, zoomEndMs]).range([MARGIN_X, width - MARGIN_X]);
    // The zoom's title, then (pinned) the baseline's zoomed strip, then the zoom itself.
    const titleY = height + 14;
    const zoomY = height + 22 + top;
    const zoom = { ...lane('zoom', `Zoom on the dashed box: the first ${formatMs(zoomEndMs)}`, zoomY, data, zx, width, slowAboveMs, maxRegions), titleY };
    lanes.push(zoom);
    if (ghost) ghosts.push(ghostLane('ghost-zoom', height + 22, ghost, zx, width));
    zoomWindow = { x0: x(0), x1: x(zoomEndMs), y: overview.y, height: BAR_H };
    height = zoom.axisY + 22;
  }
  const all = [...lanes, ...ghosts];
  return {
    width,
    height,
    lanes: all,
    zoomWindow,
    ttftBracket,
    e2eBracket,
    formula: formulaFor(data),
    hasSlowGaps: Number.isFinite(slowAboveMs) && data.tokenTimesMs.some((_, i) => i > 0 && data.tokenTimesMs[i] - data.tokenTimesMs[i - 1] > slowAboveMs),
    hasKvPhases: all.some((l) => l.segments.some((s) => s.kind === 'kv-wait' || s.kind === 'kv-transfer' || s.kind === 'decode-queue')),
    hasGhost: ghost !== null,
  };
}
