/**
 * Which KV capacities would give a run the very same decisions. The engine
 * reads a cache's capacity only through comparisons, each of the form
 * "T ≥ k" or "T − ⌊watermark·T⌋ ≥ k", where T is the cache's size (tokens
 * under reserve admission, blocks under paged) and k a count the run has at
 * hand. `KvProbe` makes every one of those comparisons and keeps, for each
 * form, the largest k found true and the smallest found false. At any other
 * capacity that meets those bounds every comparison comes out as it did, so
 * every admission, rejection, preemption and run length is the same, and so
 * is every request's life and the run's metrics, byte for byte (by induction
 * over the run: nothing else in the engine reads the capacity).
 * The ranges use this to reuse a run for an edge that only moves the KV
 * capacity (see `src/engine/uncertainty/predict.ts`).
 */

/** What a run's KV decisions required of the capacity. Plain data (it crosses to workers). */
export interface KvCapacityBounds {
  /** Tokens per unit of T: 1 under reserve admission, the block size under paged. */
  unitTokens: number;
  /** Share of blocks kept free after an admission (paged; 0 under reserve). */
  watermark: number;
  /** Tokens held outside the caches (a resident cached prefix), taken off the server's capacity first. */
  residentTokens: number;
  /** Largest k for which "T ≥ k" was found true (0: none). */
  atLeast: number;
  /** Smallest k for which "T ≥ k" was found false (null: none; a result holds no Infinity). */
  below: number | null;
  /** Largest k for which "T − ⌊watermark·T⌋ ≥ k" was found true (0: none). */
  freeAtLeast: number;
  /** Smallest k for which "T − ⌊watermark·T⌋ ≥ k" was found false (null: none). */
  freeBelow: number | null;
}

/** T of a server with `capacityTokens` of KV: the caches' capacity in their unit, as `simulate` builds them. */
function unitsAt(b: Pick<KvCapacityBounds, 'unitTokens' | 'residentTokens'>, capacityTokens: number): number {
  // The same expressions as levers/prefix.ts capacityAfterPrefix and scheduler/kv.ts pagedKv.
  const cacheTokens = Math.max(0, capacityTokens - b.residentTokens);
  return b.unitTokens === 1 ? cacheTokens : Math.floor(cacheTokens / b.unitTokens);
}

/** The free units a watermark leaves, as `pagedKv` counts them. */
const freeOf = (units: number, watermark: number): number => units - Math.floor(watermark * units);

/**
 * True when a run of the same scenario on a server with `capacityTokens` of
 * KV would make every KV decision as the run behind `b` did: then its result
 * is that run's, byte for byte.
 */
export function sameKvDecisionsAt(b: KvCapacityBounds, capacityTokens: number): boolean {
  const t = unitsAt(b, capacityTokens);
  if (t < b.atLeast || (b.below !== null && t >= b.below)) return false;
  const free = freeOf(t, b.watermark);
  return free >= b.freeAtLeast && (b.freeBelow === null || free < b.freeBelow);
}

/** Makes a run's capacity comparisons and records the bounds they put on it. One per run, shared by every cache of the run. */
export class KvProbe {
  private readonly b: KvCapacityBounds;
  private readonly units: number;
  private readonly free: number;

  /** `capacityTokens`: the server's; `unitTokens`: 1 (reserve) or the block size (paged). */
  constructor(capacityTokens: number, unitTokens: number, watermark: number, residentTokens: number) {
    this.b = { unitTokens, watermark, residentTokens, atLeast: 0, below: null, freeAtLeast: 0, freeBelow: null };
    this.units = unitsAt(this.b, capacityTokens);
    this.free = freeOf(this.units, watermark);
  }

  /** T, in the caches' unit. */
  get capacityUnits(): number {
    return this.units;
  }

  /** T ≥ `k`, recorded. */
  has(k: number): boolean {
    const yes = this.units >= k;
    if (yes) this.b.atLeast = Math.max(this.b.atLeast, k);
    else this.b.below = this.b.below === null ? k : Math.min(this.b.below, k);
    return yes;
  }

  /** T − ⌊watermark·T⌋ ≥ `k`, recorded. */
  hasFree(k: number): boolean {
    const yes = this.free >= k;
    if (yes) this.b.freeAtLeast = Math.max(this.b.freeAtLeast, k);
    else this.b.freeBelow = this.b.freeBelow === null ? k : Math.min(this.b.freeBelow, k);
    return yes;
  }

  /** The bounds so far (a copy). */
  bounds(): KvCapacityBounds {
    return { ...this.b };
  }
}

/**
 * Bounds no capacity meets (at least `below`): for a run whose decisions
 * also read other capacities (disaggregated pools with their own servers),
 * which a change of the server's capacity alone does not describe.
 */
export function unreusableBounds(b: KvCapacityBounds): KvCapacityBounds {
  const below = b.below ?? b.atLeast + 1;
  return { ...b, atLeast: Math.max(b.atLeast, below), below };
}
