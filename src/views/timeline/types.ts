/** What the timeline draws: one request, times in ms after it was sent. */
export interface TimelineData {
  networkInMs: number;
  queueMs: number;
  prefillMs: number;
  networkOutMs: number;
  ttftMs: number;
  tpotMs: number;
  e2eMs: number;
  outputTokens: number;
  /** Client arrival of every output token, ms after sending; [0] is the first token (= TTFT). */
  tokenTimesMs: readonly number[];
  /** Disaggregated: after the first token, the wait for the prefill instance's link, the KV transfer and the wait for a decode slot, ms (absent or 0 otherwise). */
  kvWaitMs?: number;
  kvTransferMs?: number;
  decodeQueueMs?: number;
}

export interface TimelineSize {
  /** Drawing width in px. */
  width: number;
}

export type SegmentKind = 'network-in' | 'queue' | 'prefill' | 'network-out' | 'kv-wait' | 'kv-transfer' | 'decode-queue';

/** One phase before the first token, as a bar. */
export interface SegmentMark {
  kind: SegmentKind;
  x: number;
  width: number;
  startMs: number;
  endMs: number;
  /** Text inside the bar, or null when it would not fit. */
  label: string | null;
  /** Full description for hover and screen readers. */
  title: string;
}

/** Decode tokens: one tick each when they fit, else one line per pixel column. */
export type TokenMarks =
  | { mode: 'ticks'; ticks: { x: number; index: number; ms: number; slow: boolean }[] }
  | { mode: 'density'; columns: { x: number; count: number; opacity: number; slow: boolean }[] };

export interface AxisTick {
  x: number;
  label: string | null;
}

/** A hover/focus target over part of the timeline. */
export interface HoverRegion {
  x: number;
  width: number;
  label: string;
}

/** One horizontal strip: the whole request, a zoom on its start, or the pinned baseline's request drawn faintly above either. */
export interface LaneMarks {
  id: 'overview' | 'zoom' | 'ghost' | 'ghost-zoom';
  title: string;
  /** Top of the bar and its height. */
  y: number;
  height: number;
  domainMs: [number, number];
  segments: SegmentMark[];
  /** The first-token flag at TTFT, or null when outside the lane. */
  flag: { x: number; label: string | null } | null;
  tokens: TokenMarks;
  axis: AxisTick[];
  axisY: number;
  regions: HoverRegion[];
  /** Baseline of the lane's title (the zoom's "Zoom on the dashed box…"), when it has one. */
  titleY?: number;
  /** A ghost lane's caption ("pinned run: TTFT …, E2E …"), placed beside or over its bar; null on the current run's lanes. */
  caption: { text: string; x: number; y: number; anchor: 'start' | 'end'; width: number } | null;
}

export interface BracketMark {
  x0: number;
  x1: number;
  y: number;
  label: string;
  labelX: number;
  anchor: 'start' | 'middle' | 'end';
}

/** E2E = TTFT + TPOT × (N − 1) with this request's numbers. */
export interface FormulaMarks {
  ttftMs: number;
  tpotMs: number;
  outputTokens: number;
  e2eMs: number;
  /** TTFT + TPOT × (N − 1), which equals E2E by the definition of TPOT. */
  sumMs: number;
  text: string;
}

export interface TimelineMarks {
  width: number;
  height: number;
  lanes: LaneMarks[];
  /** The part of the overview the zoom lane enlarges (outlined on the overview bar). */
  zoomWindow: { x0: number; x1: number; y: number; height: number } | null;
  ttftBracket: BracketMark;
  e2eBracket: BracketMark;
  formula: FormulaMarks;
  /** True when some token came after a gap well above the typical one (prefill interference). */
  hasSlowGaps: boolean;
  /** True when the request waited after its first token for its KV cache to move or for a decode slot (disaggregated). */
  hasKvPhases: boolean;
  /** True when a pinned baseline is drawn as ghost lanes. */
  hasGhost: boolean;
}
