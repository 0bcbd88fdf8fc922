import { meetsSlo } from './metrics';
import { windowedItl, type ItlLog } from './scheduler/itl';
import type { LoadSpec, MeasurementWindow, RequestRecord, Slo, WindowReport } from './types';

/** The window every scenario gets unless it asks for another: all requests, no warm-up (vLLM `bench serve`). */
export const DEFAULT_WINDOW: MeasurementWindow = { kind: 'all', warmup: 0 };

/** When a request's answer is over at the client: its last token, or its rejection, plus the trip back. */
export const endAtClientS = (r: RequestRecord): number => (r.completed ? r.lastTokenServerS : r.admitS) + r.networkOutS;

/** The requests a window counts and its report. */
export interface WindowSelection {
  counted: RequestRecord[];
  report: WindowReport;
}

function idRanges(records: readonly RequestRecord[]): [number, number][] {
  const ids: number[] = new Array(records.length);
  let ascending = true;
  for (let i = 0; i < records.length; i++) {
    ids[i] = records[i].id;
    if (i > 0 && ids[i] <= ids[i - 1]) ascending = false;
  }
  const sorted = ascending ? ids : ids.slice().sort((a, b) => a - b);
  const out: [number, number][] = [];
  for (let i = 0; i < sorted.length; i++) {
    const id = sorted[i];
    const last = out[out.length - 1];
    if (last && id === last[1] + 1) last[1] = id;
    else out.push([id, id]);
  }
  return out;
}

/**
 * When the load has filled: closed loop, once every user has sent its second
 * request (all have been round the loop once); otherwise once the first
 * request has finished. Null when that never happens in the run.
 */
function fillTimeS(records: readonly RequestRecord[], load: LoadSpec): number | null {
  if (load.kind === 'closed') {
    const seen = new Map<number, number>();
    const second = new Map<number, number>();
    for (const r of records) {
      const n = (seen.get(r.userId) ?? 0) + 1;
      seen.set(r.userId, n);
      if (n === 2) second.set(r.userId, r.sendS);
    }
    if (second.size < seen.size) return null;
    let t = -Infinity;
    for (const s of second.values()) t = Math.max(t, s);
    return t;
  }
  let t = Infinity;
  for (const r of records) t = Math.min(t, endAtClientS(r));
  return Number.isFinite(t) ? t : null;
}

/**
 * Chooses the requests a run's metrics count. Warm-up leaves out the
 * `warmup` earliest sends (ties to the lower id). `steady` then keeps the
 * requests sent at or after the fill time and over by the drain time (the
 * run's last send); when none qualify it falls back to every request after
 * the warm-up and says why. The span runs from the first counted send to the
 * last counted end, except for `all` without warm-up, which keeps vLLM's
 * span from t = 0.
 */
export function selectWindow(records: readonly RequestRecord[], load: LoadSpec, window: MeasurementWindow = DEFAULT_WINDOW): WindowSelection {
  const byId = window.warmup > 0 ? records.slice().sort((a, b) => a.sendS - b.sendS || a.id - b.id) : records;
  const warm = new Set<number>();
  for (let i = 0; i < Math.min(window.warmup, byId.length); i++) warm.add(byId[i].id);
  const afterWarmup = warm.size > 0 ? records.filter((r) => !warm.has(r.id)) : records.slice();
  let counted = afterWarmup;
  let excludedRamp = 0;
  let excludedDrain = 0;
  let fillS: number | null = null;
  let drainS: number | null = null;
  let fallback: string | null = null;
  if (window.kind === 'steady') {
    const fill = fillTimeS(records, load);
    let lastSend = -Infinity;
    for (const r of records) lastSend = Math.max(lastSend, r.sendS);
    const kept: RequestRecord[] = [];
    if (fill !== null) {
      for (const r of afterWarmup) {
        if (r.sendS < fill) excludedRamp++;
        else if (endAtClientS(r) > lastSend + 1e-12) excludedDrain++;
        else kept.push(r);
      }
    }
    if (kept.length > 0 && fill !== null) {
      counted = kept;
      fillS = fill;
      drainS = lastSend;
    } else {
      excludedRamp = 0;
      excludedDrain = 0;
      fallback =
        load.kind === 'closed'
          ? 'no request was sent after every user had been round the loop once and finished before the last send: run more requests (about 3 × users or more)'
          : 'no request was sent after the first one finished and also finished before the last send: run more requests, or a finite rate';
    }
  }
  let fromS = 0;
  let toS = 0;
  if (counted.length > 0) {
    fromS = window.kind === 'all' && warm.size === 0 ? 0 : Infinity;
    toS = -Infinity;
    for (let i = 0; i < counted.length; i++) {
      const r = counted[i];
      if (fromS > 0) fromS = Math.min(fromS, r.sendS);
      toS = Math.max(toS, (r.completed ? r.lastTokenServerS : r.admitS) + r.networkOutS);
    }
  }
  return {
    counted,
    report: {
      kind: window.kind,
      warmup: window.warmup,
      counted: counted.length,
      excludedWarmup: warm.size,
      excludedRamp,
      excludedDrain,
      fillS,
      drainS,
      fromS,
      toS,
      fallback,
      idRanges: idRanges(counted),
    },
  };
}

/**
 * What the server delivered in (fromS, toS]: output tokens emitted (decode
 * steps ending inside, plus first tokens; server clock), answers completed at
 * the client, and those that met the SLO.
 */
export function steadyRates(records: readonly RequestRecord[], itl: ItlLog, fromS: number, toS: number, slo: Slo): { outputTokens: number; completed: number; good: number } {
  let outputTokens = 0;
  for (const wgt of windowedItl(itl, fromS, toS, true).weight) outputTokens += wgt;
  let completed = 0;
  let good = 0;
  for (const r of records) {
    if (r.firstTokenServerS > fromS && r.firstTokenServerS <= toS) outputTokens++;
    const end = endAtClientS(r);
    if (r.completed && end > fromS && end <= toS) {
      completed++;
      if (meetsSlo(r, slo)) good++;
    }
  }
  return { outputTokens, completed, good };
}
