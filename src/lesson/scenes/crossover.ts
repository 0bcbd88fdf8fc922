import type { SceneCrossover } from './types';

/** One point of a method's line: its speedup (TPOT p50 without ÷ with the method) at `users`. */
export interface SpeedupPoint {
  users: number;
  speedup: number;
}

/** A method's line on a crossover chart, and where it turns into a loss. */
export interface CrossoverLine {
  id: string;
  label: string;
  points: SpeedupPoint[];
  /**
   * The fewest users of the chart at which the method is a loss (speedup
   * below 1), or null when it gains at every point: the README's "first
   * loss at" column, read off the same grid.
   */
  firstLossUsers: number | null;
  /**
   * Where the line crosses 1×, in users, between the last gain and the first
   * loss (interpolated on log users against log speedup, the chart's axes);
   * null when it never crosses, or is a loss from the first point.
   */
  crossingUsers: number | null;
}

/** A TPOT p50 of one point of a sweep (the part of a `SweepPoint` the chart reads). */
export interface TpotPoint {
  users: number | null;
  metrics: { tpotMs: { p50: number } };
}

/** The speedup at each user count both sweeps have: TPOT p50 without ÷ with, as the README's table computes it. */
export function speedups(users: readonly number[], off: readonly TpotPoint[], on: readonly TpotPoint[]): SpeedupPoint[] {
  const at = (pts: readonly TpotPoint[], u: number) => pts.find((p) => p.users === u)?.metrics.tpotMs.p50;
  const out: SpeedupPoint[] = [];
  for (const u of users) {
    const a = at(off, u);
    const b = at(on, u);
    if (a === undefined || b === undefined || !(a > 0) || !(b > 0) || !Number.isFinite(a) || !Number.isFinite(b)) continue;
    out.push({ users: u, speedup: a / b });
  }
  return out;
}

/** The first loss and the interpolated crossing of one line (points ascending in users). */
export function crossingOf(points: readonly SpeedupPoint[]): Pick<CrossoverLine, 'firstLossUsers' | 'crossingUsers'> {
  const i = points.findIndex((p) => p.speedup < 1);
  if (i < 0) return { firstLossUsers: null, crossingUsers: null };
  if (i === 0) return { firstLossUsers: points[0].users, crossingUsers: null };
  const [a, b] = [points[i - 1], points[i]];
  // Straight on the chart's log-log axes: the share of the way from a to b where log speedup reaches 0.
  const t = Math.log(a.speedup) / (Math.log(a.speedup) - Math.log(b.speedup));
  return { firstLossUsers: b.users, crossingUsers: Math.exp(Math.log(a.users) + t * (Math.log(b.users) - Math.log(a.users))) };
}

/**
 * Every method's line from the sweeps: `off` is the base run's sweep, `on`
 * each method's by id (a method still missing is left out).
 */
export function crossoverLines(spec: SceneCrossover, off: readonly TpotPoint[], on: Readonly<Record<string, readonly TpotPoint[]>>): CrossoverLine[] {
  return spec.methods.flatMap((m) => {
    const pts = on[m.id];
    if (!pts) return [];
    const points = speedups(spec.users, off, pts);
    return [{ id: m.id, label: m.label, points, ...crossingOf(points) }];
  });
}

/** The settings query of one sweep of the chart: the base, the method's setting (none for the base run) and one user (the run the worker makes before sweeping). */
export function crossoverQuery(spec: SceneCrossover, method: string | null): string {
  const m = method === null ? undefined : spec.methods.find((x) => x.id === method);
  return [spec.base, m?.query, 'users=1'].filter((q) => q !== undefined && q !== '').join('&');
}
