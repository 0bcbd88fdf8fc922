/**
 * One serving instance: its waiting line, its batch, its KV cache, and the
 * iteration loop of continuous batching. The cluster (see `simulate`) hands
 * it requests and tells it when to start its next iteration; an iteration's
 * effects (tokens emitted, requests finished) apply when it ends, so a
 * request delivered mid-run can cut a long run of decode steps short.
 */
import { isPrefilling, type Active } from '../scheduler/active';
import type { SchedulerConfig } from '../scheduler/config';
import { Deque } from '../scheduler/deque';
import { pushGaps, recordWaits, type ItlLog } from '../scheduler/itl';
import type { KvCache } from '../scheduler/kv';
import { isDecoding, planIteration, type PlannedIteration } from '../scheduler/plan';
import { admitForIteration, type AdmissionState } from './admission';
import { emptyLog, logIteration, type InstanceHooks, type InstanceOptions, type IterationCost, type Pending } from './types';
import { notePrefixSavings } from '../levers/prefix';
import type { PrefixCache } from '../levers/prefixCache';
import { emitSteps, stepsToFirstCompletion, type SpecDecoding } from '../levers/speculative';
import type { InstanceRole, IterationLog } from '../types';
import { BlockedTime } from './blocked';

/** One instance of the cluster. */
export class Instance {
  /** Server time, seconds: the end of its last iteration, or when it woke. */
  now = 0;
  /** Its iterations, run-length encoded. */
  readonly log: IterationLog = emptyLog();
  /** When it had requests waiting on its batch limit or its KV memory (`blocked.total`: seconds over the whole run). */
  readonly blocked = new BlockedTime();
  /** Largest batch it ran. */
  peakBatch = 0;
  /** Largest KV reservation it held, tokens. */
  peakKvReserved = 0;
  /** Requests routed to it (the cluster counts them). */
  routed = 0;
  private readonly waiting = new Deque<Active>();
  private readonly running: Active[] = [];
  private pending: Pending | null = null;
  private readonly paged: boolean;
  private readonly lookahead: number;

  private readonly cfg: SchedulerConfig;
  private readonly kv: KvCache;
  private readonly cost: IterationCost;
  private readonly itl: ItlLog;
  private readonly hooks: InstanceHooks;
  private readonly spec: SpecDecoding | null;
  private readonly tracksPrefixSaving: boolean;
  /** Its prefix cache in KV memory, or null. */
  readonly prefix: PrefixCache | null;
  /** Its queue, batch and cache as admission sees them (the same arrays). */
  private readonly queue: AdmissionState;

  constructor(
    readonly role: InstanceRole,
    o: InstanceOptions,
  ) {
    this.cfg = o.cfg;
    this.kv = o.kv;
    this.cost = o.cost;
    this.itl = o.itl;
    this.hooks = o.hooks;
    this.spec = o.spec;
    this.tracksPrefixSaving = o.tracksPrefixSaving;
    this.prefix = o.prefix ?? null;
    this.paged = o.cfg.admission === 'paged';
    this.lookahead = o.spec ? o.spec.k + 1 : 1;
    this.queue = { cfg: o.cfg, kv: o.kv, running: this.running, waiting: this.waiting, hooks: o.hooks, paged: this.paged, lookahead: this.lookahead, alsoRejects: o.alsoRejects ?? null, admissions: 0, prefix: this.prefix };
  }

  /** Requests routed here and not yet gone (waiting or running). */
  get outstanding(): number {
    return this.waiting.length + this.running.length;
  }

  /** Has requests to serve and no iteration in flight: ready to start one at `now`. */
  get readyToStart(): boolean {
    return this.pending === null && (this.running.length > 0 || this.waiting.length > 0);
  }

  /** End of the iteration in flight, or Infinity. */
  get pendingEndS(): number {
    return this.pending ? this.pending.endS : Infinity;
  }

  /**
   * A request arrives at `tS`. An idle instance wakes then; one in the middle
   * of a run of decode steps that the request could have joined ends the run
   * at the first step boundary after it (the scheduler admits between steps).
   */
  deliver(a: Active, tS: number): void {
    this.waiting.pushBack(a);
    if (this.pending === null) {
      if (this.running.length === 0) this.now = Math.max(this.now, tS);
      return;
    }
    const p = this.pending;
    if (!p.cuttable || tS >= p.horizonS || tS >= p.endS) return;
    p.horizonS = tS;
    const firstGap = this.cost(p.plan);
    const count = Math.min(p.count, Math.max(1, Math.ceil((tS - p.startS) / firstGap - 1e-9)));
    if (count >= p.count) return;
    p.count = count;
    p.gapS = this.runGap(p.plan, count);
    p.endS = p.startS + count * p.gapS;
  }

  /** Gap of each step of a run of `count` decode steps: the step cost at the run's mean KV. */
  private runGap(plan: PlannedIteration, count: number): number {
    // One work record per instance, refilled (a cost reads it and keeps nothing): no copy per run of steps.
    const work = this.runWork;
    work.prefillTokens = plan.prefillTokens;
    work.prefillAttentionPairs = plan.prefillAttentionPairs;
    work.prefillContextTokens = plan.prefillContextTokens;
    work.prefillSeqs = plan.prefillSeqs;
    work.decodeSeqs = plan.decodeSeqs;
    work.minRemaining = plan.minRemaining;
    work.decodeKvTokens = plan.decodeKvTokens + (plan.decodeSeqs * (count - 1) * (this.spec ? this.spec.perStep : 1)) / 2;
    return this.cost(work);
  }

  private readonly runWork: PlannedIteration = { prefillTokens: 0, prefillAttentionPairs: 0, prefillContextTokens: 0, prefillSeqs: 0, decodeSeqs: 0, decodeKvTokens: 0, minRemaining: 0 };

  /**
   * Starts the next iteration at `now`: (paged) preempts until every decoder
   * has room for its next token, admits waiting requests FCFS, plans the
   * iteration. `horizonS` is the earliest known delivery to this instance:
   * a run of decode steps stops there when the newcomer could join.
   * With nothing to run, the instance goes idle.
   */
  start(horizonS: number): void {
    const { cfg, kv, running, waiting } = this;
    const now = this.now;
    const { preempted, blocked } = admitForIteration(this.queue, now);
    if (running.length === 0) {
      if (waiting.length > 0) throw new Error('engine invariant: an instance with nothing running left requests waiting');
      return;
    }
    this.peakBatch = Math.max(this.peakBatch, running.length);
    this.peakKvReserved = Math.max(this.peakKvReserved, kv.reservedTokens);
    const waitingCount = waiting.length;

    const plan = planIteration(running, cfg.tokenBudget, cfg.chunked, cfg.mixedBatches);
    if (plan.prefillTokens > 0) {
      const gap = this.cost(plan);
      if (this.tracksPrefixSaving) notePrefixSavings(running, this.cost, plan, gap);
      this.pending = { startS: now, count: 1, gapS: gap, endS: now + gap, decodeRun: false, plan, preempted, blocked, waitingCount, cuttable: false, horizonS: horizonS };
      return;
    }
    this.startDecodeRun(plan, preempted, blocked, waitingCount, horizonS);
  }

  /** Pure decode: advance until the first completion, an arrival that could be admitted, or (paged) a full cache. */
  private startDecodeRun(plan: PlannedIteration, preempted: number, blocked: Pending['blocked'], waitingCount: number, horizonS: number): void {
    const { cfg, kv, running } = this;
    const now = this.now;
    let count = this.spec ? stepsToFirstCompletion(running, this.spec) : plan.minRemaining;
    const cuttable = preempted === 0 && waitingCount === 0 && running.length < cfg.maxBatch;
    if (preempted > 0) count = 1;
    else if (cuttable && horizonS < Infinity) {
      const firstGap = this.cost(plan);
      count = Math.min(count, Math.max(1, Math.ceil((horizonS - now) / firstGap - 1e-9)));
    }
    if (this.paged) count = kv.decodeStepsAllowed(running, count, this.lookahead);
    const gap = this.runGap(plan, count);
    this.pending = { startS: now, count, gapS: gap, endS: now + count * gap, decodeRun: true, plan, preempted, blocked, waitingCount, cuttable, horizonS };
  }

  /**
   * Applies the iteration in flight (it ends at `pendingEndS`): tokens, KV growth, the log, completions.
   * Split into small methods, one job each; on a 2-core machine the split neither helps nor
   * hurts the first call (the README's "Measuring speed" has the bisection of its cost).
   */
  applyPending(): void {
    const p = this.pending!;
    this.pending = null;
    this.now = p.endS;
    if (p.decodeRun) this.applyDecodeRun(p);
    else this.applyIteration(p);
    if (p.plan.decodeSeqs > 0) this.logGaps(p);
    if (p.blocked === 'batch' || p.blocked === 'memory') this.blocked.add(p.blocked, p.startS, p.endS);
    logIteration(this.log, p, this.running.length, this.kv);
    // A run of plain decode steps shorter than every decoder's remaining output ends no one:
    // most runs are cut short by an arrival, and the scan is skipped for them.
    if (p.decodeRun && this.spec === null && this.role !== 'prefill' && p.count < p.plan.minRemaining && p.plan.decodeSeqs === this.running.length) return;
    this.releaseDone(p.endS);
  }

  /** Chunks (sequence-steps) and tokens of the iteration being applied, for the ITL log. */
  private appliedChunks = 0;
  private appliedTokens = 0;

  /** A run of `p.count` identical decode steps: every running request advances. */
  private applyDecodeRun(p: Pending): void {
    const { kv, running, spec } = this;
    const count = p.count;
    const joins = this.role === 'decode';
    let tokens = 0;
    // Indexed, and no call for a lever that is off: the loop of a cold page (see above).
    for (let i = 0; i < running.length; i++) {
      const a = running[i];
      const n = spec === null ? count : emitSteps(a, count, spec);
      a.generated += n;
      kv.grow(a, n);
      tokens += n;
      if (joins) this.noteJoin(a, p.startS, p.startS + p.gapS, n);
    }
    this.appliedTokens = tokens;
    this.appliedChunks = p.plan.decodeSeqs * count;
  }

  /** One iteration with prefill in it: decoders advance a token, prompt chunks are computed. */
  private applyIteration(p: Pending): void {
    const { kv, running, itl, spec } = this;
    const start = p.startS;
    const gap = p.gapS;
    const now = p.endS;
    let chunks = 0;
    let tokens = 0;
    for (let i = 0; i < running.length; i++) {
      const a = running[i];
      if (a.decoding) {
        const n = spec === null ? 1 : emitSteps(a, 1, spec);
        a.generated += n;
        kv.grow(a, n);
        chunks++;
        tokens += n;
        this.noteJoin(a, start, now, n);
      } else if (a.chunk === 0 && isDecoding(a)) {
        // Batches not mixed: it waits out this prompt iteration without a token.
        a.waitedS += gap;
      } else if (a.chunk > 0) {
        if (a.rec.prefillStartS < 0) a.rec.prefillStartS = start;
        a.prefilled += a.chunk;
        kv.grow(a, a.chunk);
        if (a.prefilled === a.target) {
          a.generated++;
          kv.grow(a, 1);
          if (a.generated === 1) a.rec.firstTokenServerS = now;
          if (this.prefix !== null) this.prefix.register(a);
          if (a.pausedAtS >= 0) {
            // The recompute's iteration emits its next token: one long gap in its stream.
            (a.rec.pausesS ??= []).push(a.pausedAtS, now);
            pushGaps(itl, now - a.pausedAtS, 1, now, 1);
            a.pausedAtS = -1;
          }
        }
      }
    }
    this.appliedTokens = tokens;
    this.appliedChunks = chunks;
  }

  /** The applied iteration's inter-token gaps, into the ITL log. */
  private logGaps(p: Pending): void {
    const chunks = this.appliedChunks;
    const tokens = this.appliedTokens;
    const gap = p.gapS;
    const joined = this.joinedThisRun;
    this.joinedThisRun = 0;
    const moved = this.cfg.mixedBatches ? 0 : recordWaits(this.running, gap, p.startS + gap, this.itl);
    if (chunks - joined - moved > 0) pushGaps(this.itl, gap, chunks - joined - moved, p.endS, p.count);
    // Speculative decoding: the extra tokens of a step arrive with its first, a gap of 0.
    if (tokens > chunks) pushGaps(this.itl, 0, tokens - chunks, p.endS, p.count);
  }

  /** Requests done here at `now` leave: finished ones, and (prefill instances) those handed on to decode. */
  private releaseDone(now: number): void {
    const { kv, running } = this;
    const n = running.length;
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const a = running[i];
      if (a.generated >= a.rec.outputTokens) {
        a.rec.lastTokenServerS = now;
        kv.release(a);
        this.hooks.finish(a, now);
      } else if (this.role === 'prefill' && a.generated >= 1 && !isPrefilling(a)) {
        kv.release(a);
        this.hooks.handoff(a, now);
      } else running[kept++] = a;
    }
    running.length = kept;
  }

  /** Decode instances: requests whose first step here ended the iteration being applied (their gap is logged on its own). */
  private joinedThisRun = 0;

  /**
   * A request decoding its first step on a decode instance: the gap to its
   * previous token (the first, from the prefill instance) spans the KV
   * transfer and its wait here, so it goes in the ITL log on its own.
   */
  private noteJoin(a: Active, startS: number, firstStepEndS: number, emitted: number): void {
    if (this.role !== 'decode' || a.rec.decodeAdmitS !== startS || a.generated !== emitted + 1) return;
    pushGaps(this.itl, firstStepEndS - a.rec.firstTokenServerS, 1, firstStepEndS, 1);
    this.joinedThisRun++;
  }
}
