/**
 * Traffic whose prompts share prefixes, for the prefix cache in KV memory
 * (`prefixCache.ts`): conversations that open with one of `groups` shared
 * prefixes (a system prompt, a few-shot template) and run for `turns` turns.
 *
 * - A conversation draws its group uniformly from the seeded `prefixGroups`
 *   stream, so the lengths, arrivals and think times of the run keep their draws.
 * - Turn 1's prompt is the drawn prompt; its first `prefixTokens` tokens are
 *   the group's prefix (all of it when the prompt is shorter).
 * - Turn t + 1's prompt is turn t's prompt, its answer and a new message of
 *   the drawn prompt length: the conversation so far, sent again.
 * - A rejected request ends its conversation (its answer never came).
 *
 * Every prompt of a conversation is a prefix of one token stream, the
 * group's prefix first. So a KV block (`blockTokens` tokens) is named by who
 * wrote it and where: a block that ends inside the shared prefix belongs to
 * the group, any other to the conversation (`blockStream`). Two requests have the same block
 * exactly when their tokens up to its end are the same, as vLLM's chained
 * block hashes and SGLang's radix tree decide.
 */
import { makeRng, type Rng } from '../rng';
import { STREAM } from '../arrivals';
import type { PrefixCacheOptions, RequestRecord } from '../types';

/** One conversation in flight. */
export interface Conversation {
  /** Send order of its first turn. */
  id: number;
  /** Its shared prefix group, or -1. */
  group: number;
  /** Tokens of the group's prefix at the start of its stream. */
  sharedTokens: number;
  /** Turns sent so far. */
  turn: number;
  /** Its last request's prompt + answer, tokens: the next turn's history. */
  historyTokens: number;
  /** Rejected: no further turn. */
  ended: boolean;
}

/** A run's conversations, the block names of its requests, and the next turn of each. */
export class PrefixTraffic {
  private readonly rng: Rng;
  private count = 0;
  private readonly convOf: Conversation[] = [];

  constructor(
    readonly options: PrefixCacheOptions,
    seed: number,
    /** Tokens per KV block. */
    readonly blockTokens: number,
  ) {
    this.rng = makeRng(seed, STREAM.prefixGroups);
  }

  /** Conversations needed for `requests` requests. */
  conversationsFor(requests: number): number {
    return Math.ceil(requests / this.options.turns);
  }

  /** A new conversation, its group drawn. */
  start(): Conversation {
    const group = this.options.groups > 0 ? Math.floor(this.rng() * this.options.groups) : -1;
    return { id: this.count++, group, sharedTokens: 0, turn: 0, historyTokens: 0, ended: false };
  }

  /** The prompt of `c`'s next turn, tokens, for a new message of `messageTokens`. */
  nextPrompt(c: Conversation, messageTokens: number): number {
    c.turn++;
    if (c.turn > 1) return c.historyTokens + messageTokens;
    c.sharedTokens = c.group >= 0 ? Math.min(this.options.prefixTokens, messageTokens) : 0;
    return messageTokens;
  }

  /** `rec` is `c`'s turn just sent: recorded on both. */
  note(rec: RequestRecord, c: Conversation): void {
    rec.conversation = c.id;
    rec.turn = c.turn;
    rec.prefixGroup = c.group;
    c.historyTokens = rec.promptTokens + rec.outputTokens;
    this.convOf[rec.id] = c;
  }

  /** The conversation of request `id`. */
  conversationOf(id: number): Conversation {
    return this.convOf[id];
  }

  /** After request `id` finished (or was rejected): its conversation if it has another turn, else null. */
  continuing(id: number, rejected: boolean): Conversation | null {
    const c = this.convOf[id];
    if (rejected) c.ended = true;
    return c.ended || c.turn >= this.options.turns ? null : c;
  }

  /**
   * Whose stream block `k` (tokens [k·B, (k + 1)·B)) of request `id` belongs
   * to: its group's (0 .. groups − 1) when it ends inside the shared prefix,
   * else its conversation's (groups + conversation). With its position, the block's name.
   */
  blockStream(id: number, k: number): number {
    const c = this.convOf[id];
    if ((k + 1) * this.blockTokens <= c.sharedTokens) return c.group;
    return this.options.groups + c.id;
  }
}
