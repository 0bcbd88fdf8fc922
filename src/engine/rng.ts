/**
 * Seeded random numbers. Every draw in a run comes from a stream derived from
 * the scenario seed, so the same inputs give byte-identical results.
 */

/** A source of uniform numbers in [0, 1). */
export type Rng = () => number;

/** SplitMix32 step: spreads nearby seeds far apart so streams don't correlate. */
function splitMix32(seed: number): number {
  let z = (seed + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * Mulberry32 generator for `seed` and an independent `stream` number (lengths,
 * arrivals and think time each get their own so changing one leaves the others alone).
 */
export function makeRng(seed: number, stream = 0): Rng {
  let state = splitMix32((seed >>> 0) ^ Math.imul(stream + 1, 0x632be5ab));
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal draw (Box–Muller). */
export function normal(rng: Rng): number {
  const u = 1 - rng();
  const v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Exponential draw with the given mean. */
export function exponential(rng: Rng, mean: number): number {
  return -Math.log(1 - rng()) * mean;
}

/** Gamma draw with `shape` > 0 and `scale` > 0 (Marsaglia–Tsang). */
export function gamma(rng: Rng, shape: number, scale: number): number {
  if (shape < 1) {
    // Boost a shape < 1 draw: Gamma(a) = Gamma(a + 1) · U^(1/a).
    return gamma(rng, shape + 1, scale) * Math.pow(1 - rng(), 1 / shape);
  }
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(rng);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = 1 - rng();
    if (u < 1 - 0.0331 * x * x * x * x || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) {
      return d * v * scale;
    }
  }
}
