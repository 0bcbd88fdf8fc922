/**
 * The knee of each load curve: the first concurrency at which mean TTFT
 * passes 3× and 10× its light-load value (the curve's lowest concurrency),
 * measured and as the lab predicts it. Queueing sets in there; a model that
 * puts the knee at the right load has the right capacity.
 */
import type { CaseResult } from './report';

/** One curve's knees. Null when the curve never passes the multiple. */
export interface CurveKnee {
  curve: string;
  /** Concurrencies of the curve, ascending. */
  users: number[];
  measuredTtftMs: number[];
  predictedTtftMs: (number | null)[];
  knee3: { measured: number | null; predicted: number | null };
  knee10: { measured: number | null; predicted: number | null };
}

function knee(users: readonly number[], ttft: readonly (number | null)[], times: number): number | null {
  const light = ttft[0];
  if (light === null || !(light > 0)) return null;
  for (let i = 1; i < users.length; i++) {
    const v = ttft[i];
    if (v !== null && v > times * light) return users[i];
  }
  return null;
}

/** Knees of every curve among the load-TTFT results, curves sorted by name. */
export function kneeAnalysis(results: readonly CaseResult[]): { curves: CurveKnee[]; knee3Hits: number; knee10Hits: number } {
  const byCurve = new Map<string, CaseResult[]>();
  for (const r of results) {
    if (r.case.kind !== 'load-ttft' || !r.case.curve) continue;
    byCurve.set(r.case.curve, [...(byCurve.get(r.case.curve) ?? []), r]);
  }
  const curves: CurveKnee[] = [];
  for (const [curve, rows] of [...byCurve].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = rows.slice().sort((a, b) => a.case.batch - b.case.batch);
    const users = sorted.map((r) => r.case.batch);
    const measuredTtftMs = sorted.map((r) => r.case.measured);
    const predictedTtftMs = sorted.map((r) => r.predicted);
    curves.push({
      curve, users, measuredTtftMs, predictedTtftMs,
      knee3: { measured: knee(users, measuredTtftMs, 3), predicted: knee(users, predictedTtftMs, 3) },
      knee10: { measured: knee(users, measuredTtftMs, 10), predicted: knee(users, predictedTtftMs, 10) },
    });
  }
  return {
    curves,
    knee3Hits: curves.filter((c) => c.knee3.measured === c.knee3.predicted).length,
    knee10Hits: curves.filter((c) => c.knee10.measured === c.knee10.predicted).length,
  };
}

const at = (v: number | null): string => (v === null ? '—' : String(v));
const mark = (k: { measured: number | null; predicted: number | null }): string => `${at(k.measured)} / ${at(k.predicted)}${k.measured === k.predicted ? '' : ' ✗'}`;

/** Markdown table of the knees, measured / predicted (✗ where they differ). */
export function kneeMarkdown(curves: readonly CurveKnee[]): string {
  const head = '| Curve (model, GPU, precision, TP, in/out) | Light-load TTFT, measured / lab (ms) | 3× knee, users (measured / lab) | 10× knee, users (measured / lab) |';
  const rows = curves.map((c) => `| ${c.curve} | ${c.measuredTtftMs[0].toFixed(1)} / ${c.predictedTtftMs[0]?.toFixed(1) ?? '—'} | ${mark(c.knee3)} | ${mark(c.knee10)} |`);
  return [head, '| --- | ---: | ---: | ---: |', ...rows].join('\n');
}
