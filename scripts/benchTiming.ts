/**
 * Timing shared by the bench scripts: wall and CPU time of repeated calls,
 * since the machine may be shared and CPU time is the steadier figure.
 */

/** Wall and CPU ms of `runs` calls of `fn` after 2 warm-up calls, each sorted ascending. */
export function timedRuns(fn: () => void, runs: number): { wall: number[]; cpu: number[] } {
  fn();
  fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < runs; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { wall: wall.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
}

/** The middle value of an ascending list (the upper middle for an even count). */
export const sortedMedian = (xs: readonly number[]): number => xs[Math.floor(xs.length / 2)];
