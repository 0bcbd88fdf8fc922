/**
 * A least-outstanding-requests balancer (Envoy's and NGINX's `least_conn`,
 * what vLLM's production stack and most LLM gateways default to): each new
 * request goes to the instance with the fewest requests routed to it and not
 * yet gone; ties go to the lowest index, so runs stay reproducible.
 */
export class LeastOutstanding {
  private readonly outstanding: number[];

  constructor(
    /** Index of the first instance this balancer owns in the cluster. */
    private readonly first: number,
    count: number,
  ) {
    this.outstanding = new Array<number>(count).fill(0);
  }

  /** Picks an instance (a cluster index) for a new request and counts it there. */
  pick(): number {
    let best = 0;
    for (let i = 1; i < this.outstanding.length; i++) if (this.outstanding[i] < this.outstanding[best]) best = i;
    this.outstanding[best]++;
    return this.first + best;
  }

  /** A request left instance `index` (finished, rejected or handed on). */
  done(index: number): void {
    this.outstanding[index - this.first]--;
  }
}

/** What a request tells a router: its prompt, its conversation and its shared prefix. */
export interface RoutedRequest {
  promptTokens: number;
  conversation: number;
  /** Shared prefix group, or -1. */
  group: number;
  /** Tokens of the group's prefix at the start of its prompt. */
  sharedTokens: number;
}

/**
 * SGLang's cache-aware router (sgl-router; SGLang docs/router/router.md), on
 * the lab's replicas. When the outstanding counts are out of balance
 * (max − min above `BALANCE_ABS` and max above `BALANCE_REL` × min) the
 * request goes to the least loaded, as `LeastOutstanding` would send it.
 * Otherwise the router looks in its approximate tree of each replica, built
 * from the prompts it sent there (not from the replicas' caches, which it
 * never sees): the replica whose tree matches the longest prefix of the prompt
 * gets it when the match covers more than `cacheThreshold` of the prompt,
 * else the replica with the smallest tree (the most room). The tree holds
 * each prompt sent and, once it has come back through the router, its answer
 * (so a conversation's next turn matches its whole history there); it is
 * never trimmed (sgl-router's default limit is 2^24 nodes). Ties go to the lowest index.
 * A conversation's prompts nest and its group's prefix opens them, so a
 * replica's tree is: per conversation, the longest history sent; per group, sent or not.
 */
export class PrefixAware {
  /** sgl-router's `balance_abs_threshold` default. */
  static readonly BALANCE_ABS = 32;
  /** sgl-router's `balance_rel_threshold` default. */
  static readonly BALANCE_REL = 1.0001;
  /** sgl-router's `cache_threshold` default: the share of the prompt a match must exceed. */
  static readonly CACHE_THRESHOLD = 0.5;
  private readonly outstanding: number[];
  private readonly conversations: Map<number, number>[];
  private readonly groups: Set<number>[];
  private readonly treeTokens: number[];

  constructor(
    private readonly first: number,
    count: number,
    /** Share of the prompt a match must exceed (`CACHE_THRESHOLD` unless asked). */
    private readonly cacheThreshold = PrefixAware.CACHE_THRESHOLD,
  ) {
    this.outstanding = new Array<number>(count).fill(0);
    this.treeTokens = new Array<number>(count).fill(0);
    this.conversations = Array.from({ length: count }, () => new Map<number, number>());
    this.groups = Array.from({ length: count }, () => new Set<number>());
  }

  /** Tokens of `r`'s prompt replica `i`'s tree matches. */
  private match(i: number, r: RoutedRequest): number {
    const sent = this.conversations[i].get(r.conversation);
    if (sent !== undefined) return Math.min(sent, r.promptTokens);
    return r.group >= 0 && this.groups[i].has(r.group) ? r.sharedTokens : 0;
  }

  /** Picks an instance (a cluster index) for `r`, counts it there and adds its prompt to that tree. */
  pick(r: RoutedRequest): number {
    const o = this.outstanding;
    let min = 0;
    let max = 0;
    for (let i = 1; i < o.length; i++) {
      if (o[i] < o[min]) min = i;
      if (o[i] > o[max]) max = i;
    }
    let best = min;
    let matched = 0;
    if (!(o[max] - o[min] > PrefixAware.BALANCE_ABS && o[max] > PrefixAware.BALANCE_REL * o[min])) {
      best = 0;
      matched = this.match(0, r);
      for (let i = 1; i < o.length; i++) {
        const m = this.match(i, r);
        if (m > matched) {
          matched = m;
          best = i;
        }
      }
      if (!(matched > this.cacheThreshold * r.promptTokens)) {
        best = 0;
        for (let i = 1; i < o.length; i++) if (this.treeTokens[i] < this.treeTokens[best]) best = i;
      }
    }
    o[best]++;
    this.treeTokens[best] += r.promptTokens - this.match(best, r);
    const before = this.conversations[best].get(r.conversation) ?? 0;
    this.conversations[best].set(r.conversation, Math.max(before, r.promptTokens));
    if (r.group >= 0) this.groups[best].add(r.group);
    return this.first + best;
  }

  /** A request left instance `index`. */
  done(index: number): void {
    this.outstanding[index - this.first]--;
  }

  /** `r`'s answer of `outputTokens` came back from instance `index`: its tree there holds the conversation so far. */
  answered(index: number, r: RoutedRequest, outputTokens: number): void {
    const i = index - this.first;
    const c = this.conversations[i];
    const before = c.get(r.conversation) ?? 0;
    const after = r.promptTokens + outputTokens;
    if (after > before) {
      this.treeTokens[i] += after - Math.max(before, r.promptTokens);
      c.set(r.conversation, after);
    }
  }
}
