import type { Active } from './active';
import { KvProbe } from './kvBounds';

/**
 * The KV memory of one server under an admission policy: what admission
 * holds, how the cache grows as tokens are computed, and (paged) when it runs
 * out. Counters are in tokens for the log; the policy decides the unit it holds.
 */
export interface KvCache {
  /** True when `a` could never run, even alone: the scheduler rejects it. */
  neverFits(a: Active): boolean;
  /** Holds memory for `a` if it fits now; `alone` when nothing else runs (paged then ignores the watermark, so a lone request always restarts). */
  tryAdmit(a: Active, alone: boolean): boolean;
  /** `a` computed `tokens` more KV tokens (a prefill chunk, or decode steps). */
  grow(a: Active, tokens: number): void;
  /** Frees everything `a` holds. */
  release(a: Active): void;
  /**
   * Paged: blocks missing for `lookahead` more tokens (default 1; K + 1 with
   * speculative decoding) for each of `decoders` (0 when there is room).
   * Reserve always has room (0).
   */
  shortfallForNextToken(decoders: readonly Active[], lookahead?: number): number;
  /** Blocks `a` would free if released (paged), 0 for reserve. */
  freedBy(a: Active): number;
  /**
   * Most decode steps (≤ `maxSteps`, ≥ 1) the cache allows `decoders` before
   * one of them needs memory that is not there, each step taking at most
   * `tokensPerStep` tokens (default 1; K + 1 with speculative decoding).
   */
  decodeStepsAllowed(decoders: readonly Active[], maxSteps: number, tokensPerStep?: number): number;
  /** KV tokens computed and held. */
  readonly usedTokens: number;
  /** KV tokens held back: reserve = the whole footprints; paged = allocated blocks × block size. */
  readonly reservedTokens: number;
}

/**
 * KV memory a prefix cache shares with the running requests
 * (`levers/prefixCache.ts`), in the cache's unit (blocks paged, tokens
 * reserve). Evictable blocks count as free: an admission checks against the
 * pinned ones, then evicts until the pool holds everything.
 */
export interface SharedKv {
  /** Units the cache's blocks take, evictable or not. */
  readonly cachedUnits: number;
  /** Units of the cache's blocks running requests use (not evictable). */
  readonly pinnedUnits: number;
  /** Units admitting `a` would newly pin. */
  pinCost(a: Active): number;
  /** `a` is admitted: it pins its hit. */
  pin(a: Active): void;
  /** `a` frees its KV: its blocks stay cached. Called before its counters reset. */
  release(a: Active): void;
  /** Evicts the least recently used evictable block; false when none. */
  evictOne(): boolean;
}

/**
 * KV tokens a request needs at most over its life: its own prompt tokens
 * (not a cached prefix, which is held once for everyone) plus its output.
 */
export const fullFootprint = (a: Active): number => a.rec.promptTokens - a.cached + a.rec.outputTokens;

/** A prefill-only instance (disaggregated) holds a request until its first token: its own prompt tokens + 1. */
export const prefillFootprint = (a: Active): number => a.rec.promptTokens - a.cached + 1;

/**
 * Reserve admission: a request holds its footprint (prompt + output tokens)
 * from admission to completion, so running requests never run out of memory.
 * Every comparison with the capacity goes through `probe` (see kvBounds.ts).
 */
export function reserveKv(capacityTokens: number, footprint: (a: Active) => number = fullFootprint, probe = new KvProbe(capacityTokens, 1, 0, 0), shared: SharedKv | null = null): KvCache {
  if (probe.capacityUnits !== capacityTokens) throw new Error('engine invariant: the KV probe measures another capacity');
  let used = 0;
  let reserved = 0;
  return {
    // With a prefix cache the cached part is held too, in the cache: all of it must fit at once.
    neverFits: (a) => !probe.has(shared === null ? footprint(a) : footprint(a) + a.cached),
    tryAdmit(a) {
      if (shared !== null) {
        if (!probe.has(reserved + shared.pinnedUnits + shared.pinCost(a) + footprint(a))) return false;
        shared.pin(a);
        a.held = footprint(a);
        reserved += a.held;
        while (!probe.has(reserved + shared.cachedUnits) && shared.evictOne());
        return true;
      }
      if (!probe.has(reserved + footprint(a))) return false;
      a.held = footprint(a);
      reserved += a.held;
      return true;
    },
    grow(a, tokens) {
      a.kvTokens += tokens;
      used += tokens;
    },
    release(a) {
      if (shared !== null) shared.release(a);
      used -= a.kvTokens;
      reserved -= a.held;
      a.kvTokens = 0;
      a.held = 0;
    },
    shortfallForNextToken: () => 0,
    freedBy: () => 0,
    decodeStepsAllowed: (_d, maxSteps) => maxSteps,
    get usedTokens() {
      return used;
    },
    get reservedTokens() {
      return reserved;
    },
  };
}

/**
 * Paged admission: KV is held in blocks of `blockTokens`, allocated as tokens
 * are computed. Admission needs the blocks of the tokens to compute (prompt,
 * or prompt + generated when recomputing) and of the next output token, with
 * `watermark` of all blocks left free afterwards, as vLLM's block manager
 * checks (a request admitted into an empty server ignores the watermark, so
 * it can always start). A request whose prompt + output could never fit
 * alone is rejected, as vLLM refuses one longer than its context.
 * Every comparison with the capacity goes through `probe` (see kvBounds.ts).
 */
export function pagedKv(capacityTokens: number, blockTokens: number, watermark: number, footprint: (a: Active) => number = fullFootprint, probe = new KvProbe(capacityTokens, blockTokens, watermark, 0), shared: SharedKv | null = null): KvCache {
  const totalBlocks = Math.floor(capacityTokens / blockTokens);
  if (probe.capacityUnits !== totalBlocks) throw new Error('engine invariant: the KV probe measures another capacity');
  const blocksFor = (tokens: number): number => Math.ceil(tokens / blockTokens);
  let usedBlocks = 0;
  let used = 0;
  // Blocks the cache holds that no one could free now (0 without a cache).
  const pinned = (): number => (shared === null ? 0 : shared.pinnedUnits);
  // After the pool grew: evict cached blocks until everything fits again.
  const makeRoom = (s: SharedKv): void => {
    while (!probe.has(usedBlocks + s.cachedUnits) && s.evictOne());
  };
  return {
    neverFits: (a) => !probe.has(blocksFor(shared === null ? footprint(a) : footprint(a) + a.cached)),
    tryAdmit(a, alone) {
      const need = blocksFor(a.target + 1);
      if (shared !== null) {
        const k = usedBlocks + shared.pinnedUnits + shared.pinCost(a) + need;
        if (!(alone ? probe.has(k) : probe.hasFree(k))) return false;
        shared.pin(a);
        a.held = need;
        usedBlocks += need;
        makeRoom(shared);
        return true;
      }
      // free − need < (alone ? 0 : ⌊watermark·total⌋), said as a comparison of the capacity.
      if (!(alone ? probe.has(usedBlocks + need) : probe.hasFree(usedBlocks + need))) return false;
      a.held = need;
      usedBlocks += need;
      return true;
    },
    grow(a, tokens) {
      a.kvTokens += tokens;
      used += tokens;
      const need = blocksFor(a.kvTokens);
      if (need > a.held) {
        usedBlocks += need - a.held;
        a.held = need;
        if (shared !== null) makeRoom(shared);
      }
    },
    release(a) {
      if (shared !== null) shared.release(a);
      used -= a.kvTokens;
      usedBlocks -= a.held;
      a.kvTokens = 0;
      a.held = 0;
    },
    shortfallForNextToken(decoders, lookahead = 1) {
      let need = 0;
      for (const a of decoders) need += Math.max(0, blocksFor(a.kvTokens + lookahead) - a.held);
      if (shared !== null) return probe.has(usedBlocks + pinned() + need) ? 0 : need - (totalBlocks - usedBlocks - pinned());
      return probe.has(usedBlocks + need) ? 0 : need - (totalBlocks - usedBlocks);
    },
    freedBy: (a) => a.held,
    decodeStepsAllowed(decoders, maxSteps, tokensPerStep = 1) {
      const extra = (k: number): number => {
        let sum = 0;
        for (const a of decoders) sum += Math.max(0, blocksFor(a.kvTokens + k * tokensPerStep) - a.held);
        return sum;
      };
      // extra(k) ≤ free blocks, said as a comparison of the capacity.
      const fits = shared === null ? (k: number): boolean => probe.has(usedBlocks + extra(k)) : (k: number): boolean => probe.has(usedBlocks + pinned() + extra(k));
      if (fits(maxSteps)) return maxSteps;
      // The largest k with extra(k) ≤ free: extra is non-decreasing in k.
      let lo = 1;
      let hi = maxSteps;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (fits(mid)) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    },
    get usedTokens() {
      return used;
    },
    get reservedTokens() {
      return usedBlocks * blockTokens;
    },
  };
}
