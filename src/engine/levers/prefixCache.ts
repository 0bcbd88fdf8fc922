/**
 * A prefix cache that lives in KV memory, one per instance, as vLLM's
 * automatic prefix caching and SGLang's RadixAttention keep it:
 * - KV is cached in whole blocks (16 tokens, vLLM's default `--block-size`),
 *   each named by the tokens up to its end (`PrefixTraffic.blockKey`), so a
 *   hit is the longest run of cached blocks from the start of the prompt.
 *   At most (prompt − 1) tokens hit: the last is computed for its logits.
 * - Cached blocks share the pool with running requests. A block a running
 *   request uses is pinned; a block no one uses stays cached, evictable, and
 *   admission (or a decode step) that needs room evicts the least recently
 *   used first. Blocks a request frees together join the list tail first, so
 *   a conversation loses its newest blocks before its shared prefix (vLLM's
 *   free-block queue does the same).
 * - A request's prompt blocks are named when its prefill completes, so a
 *   request arriving later hits them while it is still decoding; its answer's
 *   blocks are named when it leaves (finished or preempted).
 *
 * Memory is counted in the caches' unit (a block under paged admission, a
 * token under reserve). A block named by a running request stays in that
 * request's own KV until it leaves; then it becomes the cache's.
 */
import type { Active } from '../scheduler/active';
import type { SharedKv } from '../scheduler/kv';

interface Block {
  /** Whose stream it belongs to (a group or a conversation, `PrefixTraffic.blockOwner`) and where in it. */
  stream: number;
  k: number;
  /** Running requests using it (its namer included). */
  refs: number;
  /** The running request whose own KV holds it, or null once the cache's. */
  owner: Active | null;
  /** Neighbours in the eviction list while evictable (older, newer). */
  older: Block | null;
  newer: Block | null;
}

/**
 * Evictable blocks, least recently used first: a doubly linked list through
 * the blocks (a Map's insertion order would do, but taking its first entry
 * again and again walks past every entry deleted before it).
 */
class EvictionList {
  private oldest: Block | null = null;
  private newest: Block | null = null;

  /** Appends `b` as the most recently used. */
  push(b: Block): void {
    b.older = this.newest;
    b.newer = null;
    if (this.newest) this.newest.newer = b;
    else this.oldest = b;
    this.newest = b;
  }

  /** Takes `b` out. */
  remove(b: Block): void {
    if (b.older) b.older.newer = b.newer;
    else this.oldest = b.newer;
    if (b.newer) b.newer.older = b.older;
    else this.newest = b.older;
    b.older = b.newer = null;
  }

  /** The least recently used, or null. */
  first(): Block | null {
    return this.oldest;
  }

  /** The blocks as [stream, k], least recently used first. */
  entries(): [number, number][] {
    const out: [number, number][] = [];
    for (let b = this.oldest; b; b = b.newer) out.push([b.stream, b.k]);
    return out;
  }
}

/** One instance's prefix cache. */
export class PrefixCache implements SharedKv {
  /** Cached blocks by stream, then by position: a two-level index keeps every key a small integer. */
  private readonly index = new Map<number, (Block | undefined)[]>();
  /** Evictable blocks (no refs, the cache's), least recently used first. */
  private readonly lru = new EvictionList();
  /** Blocks each admitted request uses, in stream order from block 0. */
  private readonly uses = new Map<Active, Block[]>();
  private pending: Active | null = null;
  private hit: Block[] = [];
  /** Units the cache's blocks take (pinned or not). */
  cachedUnits = 0;
  /** Units of the cache's blocks some running request uses. */
  pinnedUnits = 0;
  /** Blocks evicted so far. */
  evictedBlocks = 0;
  /** Most units the cache's blocks took at once. */
  peakCachedUnits = 0;

  /** Most tokens the cache's blocks held at once. */
  get peakCachedTokens(): number {
    return (this.peakCachedUnits / this.unit) * this.blockTokens;
  }

  constructor(
    /** The stream block k of request id belongs to. */
    private readonly streamOf: (id: number, k: number) => number,
    /** Tokens per block. */
    readonly blockTokens: number,
    /** Units one block takes: 1 (paged) or `blockTokens` (reserve). */
    private readonly unit: number,
  ) {}

  /** Blocks cached right now (pinned or not, the cache's own). */
  get cachedBlocks(): number {
    return this.cachedUnits / this.unit;
  }

  /**
   * Looks up the longest cached prefix of what `a` must compute (its prompt,
   * and the tokens it generated when recomputing after a preemption) and sets
   * its cached tokens and target. Nothing is pinned until `pin`.
   */
  lookup(a: Active): void {
    const B = this.blockTokens;
    const tokens = a.rec.promptTokens + a.generated;
    const most = Math.floor((tokens - 1) / B);
    const hit: Block[] = [];
    for (let k = 0; k < most; k++) {
      const b = this.find(this.streamOf(a.rec.id, k), k);
      if (b === undefined) break;
      hit.push(b);
    }
    this.pending = a;
    this.hit = hit;
    a.cached = hit.length * B;
    a.target = tokens - a.cached;
  }

  private find(stream: number, k: number): Block | undefined {
    const blocks = this.index.get(stream);
    return blocks === undefined ? undefined : blocks[k];
  }

  /** Units admitting `a` would newly pin (its hit's evictable blocks). */
  pinCost(a: Active): number {
    if (this.pending !== a) return 0;
    let n = 0;
    for (const b of this.hit) if (b.refs === 0 && b.owner === null) n += this.unit;
    return n;
  }

  /** `a` is admitted: it uses its hit. */
  pin(a: Active): void {
    const hit = this.pending === a ? this.hit : [];
    for (const b of hit) this.use(b);
    this.uses.set(a, hit.slice());
    this.pending = null;
    if (a.rec.cachedTokens === undefined) a.rec.cachedTokens = a.cached;
  }

  private use(b: Block): void {
    if (b.refs === 0 && b.owner === null) {
      this.lru.remove(b);
      this.pinnedUnits += this.unit;
    }
    b.refs++;
  }

  /** `a` has computed KV up to `a.cached + a.kvTokens` tokens: its full blocks get names others can hit. */
  register(a: Active): void {
    const list = this.uses.get(a);
    if (list === undefined) return;
    const full = Math.floor((a.cached + a.kvTokens) / this.blockTokens);
    for (let k = list.length; k < full; k++) {
      const stream = this.streamOf(a.rec.id, k);
      const found = this.find(stream, k);
      if (found !== undefined) {
        // Computed elsewhere meanwhile: its own copy stays private, the cached one is used too.
        this.use(found);
        list.push(found);
      } else {
        const b: Block = { stream, k, refs: 1, owner: a, older: null, newer: null };
        let blocks = this.index.get(stream);
        if (blocks === undefined) this.index.set(stream, (blocks = []));
        // Blocks of a stream are named in order (a hit is a prefix), so this appends or refills a hole.
        while (blocks.length < k) blocks.push(undefined);
        blocks[k] = b;
        list.push(b);
      }
    }
  }

  /** `a` leaves (finished, handed on or preempted): its blocks become the cache's, least recently used last. */
  release(a: Active): void {
    this.register(a);
    const list = this.uses.get(a);
    if (list === undefined) return;
    this.uses.delete(a);
    const u = this.unit;
    for (let i = list.length - 1; i >= 0; i--) {
      const b = list[i];
      b.refs--;
      if (b.owner === a) {
        b.owner = null;
        this.cachedUnits += u;
        if (b.refs > 0) this.pinnedUnits += u;
        else this.lru.push(b);
      } else if (b.owner === null && b.refs === 0) {
        this.pinnedUnits -= u;
        this.lru.push(b);
      }
    }
    this.peakCachedUnits = Math.max(this.peakCachedUnits, this.cachedUnits);
  }

  /** Evicts the least recently used evictable block; false when none is. */
  evictOne(): boolean {
    const b = this.lru.first();
    if (b === null) return false;
    this.lru.remove(b);
    const blocks = this.index.get(b.stream)!;
    blocks[b.k] = undefined;
    while (blocks.length > 0 && blocks[blocks.length - 1] === undefined) blocks.pop();
    if (blocks.length === 0) this.index.delete(b.stream);
    this.cachedUnits -= this.unit;
    this.evictedBlocks++;
    return true;
  }

  /** The evictable blocks as [stream, k], next to go first (for tests). */
  evictionOrder(): [number, number][] {
    return this.lru.entries();
  }
}
