import { makeLengthSampler, openLoopSendTimes, STREAM } from './arrivals';
import { FrontEnd } from './frontend';
import { Instance } from './cluster/instance';
import { runSolo, soloRuns } from './cluster/soloLoop';
import type { InstanceHooks } from './cluster/types';
import { LeastOutstanding, PrefixAware } from './cluster/router';
import { TimeHeap } from './heap';
import { leverConfig } from './levers/config';
import { handoffLink, kvTransferSeconds } from './levers/kvTransfer';
import { RoleServers } from './cluster/pools';
import { applyPrefix, cachedTokensFor, capacityAfterPrefix, residentPrefixTokens } from './levers/prefix';
import { PrefixCache } from './levers/prefixCache';
import { PrefixTraffic, type Conversation } from './levers/prefixTraffic';
import { isReferenceRequest, referenceLengths } from './reference';
import { exponential, makeRng } from './rng';
import { activeFor, type Active } from './scheduler/active';
import { schedulerConfig } from './scheduler/config';
import { fullFootprint, pagedKv, prefillFootprint, reserveKv, type KvCache } from './scheduler/kv';
import { KvProbe } from './scheduler/kvBounds';
import type { ItlLog } from './scheduler/itl';
import { DEFAULT_NETWORK_JITTER, validateScenario } from './validate';
import type { InstanceRole, RequestRecord, RunResult, Scenario } from './types';
import { assembleRun, type RanInstance } from './assembleRun';

/** How `simulate` runs a scenario: nothing changes the result. */
export interface SimulateOptions {
  /**
   * `cluster`: the general event loop of `Instance`s, even where the
   * one-instance loop would run; `solo`: that loop, or an error where it does
   * not apply (the tests hold the two to the same bytes). Default `auto`:
   * the one-instance loop wherever it applies (`soloLoopTakes`).
   */
  driver?: 'auto' | 'cluster' | 'solo';
}

/**
 * Simulates a continuous-batching (iteration-level) server, as vLLM,
 * TensorRT-LLM and SGLang schedule, on one instance or on a cluster of them
 * (see `src/engine/cluster/`):
 * - FCFS admission while the batch limit and KV memory allow. `reserve`
 *   holds a request's whole footprint (prompt + output) from admission on,
 *   so nothing is ever preempted. `paged` holds KV blocks as tokens are
 *   computed; before each iteration every decoding request needs room for
 *   its next token, and when there is none the newest running request is
 *   preempted (KV freed, back to the front of the queue, prompt and tokens so
 *   far recomputed when it is admitted again). No request is admitted in an
 *   iteration that preempted (vLLM V1 does the same).
 * - Each iteration advances every decoding request by one token and fills
 *   the rest of the token budget with prefill: chunks of prompts when chunked,
 *   whole prompts otherwise (see `TokenBudget`). A prefill in the same
 *   iteration stretches the decoders' gap: prefill interference.
 * - Between events the batch is fixed, so a run of identical decode steps is
 *   advanced in one go: cost grows with requests and preemptions, not tokens.
 *   KV grows one token per sequence per step; a run's step time is taken at
 *   its mean KV, which keeps the run's total exact for costs linear in KV.
 * - Levers (all off unless the scenario asks): a cached prompt prefix is not
 *   prefilled (`levers/prefix.ts`); speculative decoding verifies K drafted
 *   tokens per step (`levers/speculative.ts`); replicas sit behind a
 *   least-outstanding-requests balancer (`cluster/router.ts`); disaggregated
 *   prefill instances hand each prompt's KV to a decode instance over the
 *   GPUs' link (`levers/kvTransfer.ts`).
 * Metrics count the scenario's measurement window (default every request).
 * - One request in fifty is a reference request (see `reference.ts`): the
 *   workload's mean lengths and the mean network delay; the timeline draws one.
 * Times are seconds from the first send. Same scenario → byte-identical result.
 * A run on one instance with reserve admission, mixed batches and no lever
 * goes through `cluster/soloLoop.ts`, the same decisions in one function
 * (a cold page's first run takes half the time); the result is the same.
 */
export function simulate(scenario: Scenario, options: SimulateOptions = {}): RunResult {
  const s = validateScenario(scenario);
  const p = s.server;
  const cfg = schedulerConfig(s);
  const levers = leverConfig(s);
  const paged = cfg.admission === 'paged';
  const prefixShare = levers.prefixShare;
  const residentTokens = residentPrefixTokens(s, prefixShare);
  const capacity = capacityAfterPrefix(p, residentTokens);
  // Every cache of the run compares the same capacity: one probe records what the run asked of it.
  const kvProbe = new KvProbe(p.kvCapacityTokens, paged ? cfg.blockTokens : 1, paged ? cfg.watermark : 0, residentTokens);
  // A prefix cache in KV memory: the traffic that names each request's blocks, one cache per instance.
  const traffic = levers.prefixCache ? new PrefixTraffic(levers.prefixCache, s.seed, cfg.blockTokens) : null;
  const makeCache = (): PrefixCache | null => (traffic ? new PrefixCache((id, k) => traffic.blockStream(id, k), cfg.blockTokens, paged ? 1 : cfg.blockTokens) : null);
  const spec = levers.spec;
  // Disaggregated pools at their own TP run their own servers: step costs and KV capacity (each its own probe).
  const servers = new RoleServers(s, { server: p, capacityTokens: capacity, probe: kvProbe }, { unitTokens: paged ? cfg.blockTokens : 1, watermark: paged ? cfg.watermark : 0, residentTokens }, spec);
  const makeKv = (role: InstanceRole, shared: PrefixCache | null = null): KvCache => {
    const footprint = role === 'prefill' ? prefillFootprint : fullFootprint;
    const { capacityTokens: cap, probe } = servers.useOf(role);
    return paged ? pagedKv(cap, cfg.blockTokens, cfg.watermark, footprint, probe, shared) : reserveKv(cap, footprint, probe, shared);
  };
  const oneWayS = s.networkRttMs / 2000;
  // Real networks jitter; without it, closed-loop arrivals lock onto the
  // iteration clock and TTFT swings with the step length (an aliasing artefact).
  const jitter = s.networkJitter ?? DEFAULT_NETWORK_JITTER;
  const netRng = makeRng(s.seed, STREAM.network);
  const delayS = (): number => (jitter > 0 ? oneWayS * (1 - jitter) + exponential(netRng, oneWayS * jitter) : oneWayS);
  const nextLengths = makeLengthSampler(s.workload, s.seed);
  const thinkRng = makeRng(s.seed, STREAM.think);

  const records: RequestRecord[] = [];
  const traceLengths = (s.load.kind === 'trace' || s.load.kind === 'closed') && s.load.promptTokens && s.load.outputTokens ? { prompt: s.load.promptTokens, output: s.load.outputTokens } : null;
  const door = new FrontEnd((s.frontendMs ?? 0) / 1000);
  const send = (sendS: number, userId: number, conv: Conversation | null = null): void => {
    if (records.length >= s.requests) return;
    // Every draw is taken even for a reference request, so the other requests keep theirs.
    const drawn = nextLengths();
    const drawnInS = delayS();
    const drawnOutS = delayS();
    const id = records.length;
    // A recorded trace keeps every request as it came, reference requests included.
    const recorded = traceLengths ? { promptTokens: traceLengths.prompt[id], outputTokens: traceLengths.output[id] } : null;
    const reference = recorded === null && isReferenceRequest(id, s.requests);
    const lengths = recorded ?? (reference ? referenceLengths(s.workload) : drawn);
    const c = traffic ? (conv ?? traffic.start()) : null;
    // A later turn sends the conversation so far plus a new message of the drawn prompt length.
    const promptTokens = traffic && c ? traffic.nextPrompt(c, lengths.promptTokens) : lengths.promptTokens;
    const outputTokens = lengths.outputTokens;
    const inS = reference ? oneWayS : drawnInS;
    const outS = reference ? oneWayS : drawnOutS;
    const rec: RequestRecord = {
      id, userId, promptTokens, outputTokens, sendS, networkOutS: outS,
      serverArrivalS: sendS + inS, admitS: -1, prefillStartS: -1,
      firstTokenServerS: -1, lastTokenServerS: -1, completed: false,
      ttftMs: 0, tpotMs: 0, e2eMs: 0, queueMs: 0, preemptions: 0, recomputedTokens: 0, pausesS: null,
    };
    records.push(rec);
    if (traffic && c) traffic.note(rec, c);
    door.push(rec.serverArrivalS, rec.id);
  };
  // Closed loop: a user's next request, the next turn of its conversation or a new one. Open loop: a conversation's next turn, sent when the answer arrives.
  const sendNext = (rec: RequestRecord, clientDoneS: number, rejected: boolean): void => {
    const next = traffic ? traffic.continuing(rec.id, rejected) : null;
    if (s.load.kind !== 'closed') {
      if (next) send(clientDoneS, -1, next);
      return;
    }
    const thinkS = s.load.thinkMs > 0 ? exponential(thinkRng, s.load.thinkMs / 1000) : 0;
    send(clientDoneS + thinkS, rec.userId, next);
  };

  if (s.load.kind === 'closed') {
    for (let u = 0; u < Math.min(s.load.users, s.requests); u++) send(0, u);
  } else if (s.load.kind === 'trace') {
    for (const t of s.load.sendTimesS) send(t, -1);
  } else if (traffic) {
    // Conversations start at 1 / turns of the rate, so the run still offers `rate` requests a second.
    for (const t of openLoopSendTimes(traffic.conversationsFor(s.requests), s.load.ratePerSec / traffic.options.turns, s.load.burstiness, s.seed)) send(t, -1);
  } else {
    for (const t of openLoopSendTimes(s.requests, s.load.ratePerSec, s.load.burstiness, s.seed)) send(t, -1);
  }

  const itl: ItlLog = { gapS: [], weight: [], endS: [], count: [] };
  const roles = levers.roles;
  const multi = levers.multiInstance;
  const prefillCount = levers.prefillInstances;
  // Disaggregated: prefill instances [0, P), decode instances [P, n); each side has its own balancer.
  const entryRouter = levers.router === 'prefix-aware' && traffic ? new PrefixAware(0, roles.length, s.levers?.routerCacheThreshold) : new LeastOutstanding(0, prefillCount > 0 ? prefillCount : roles.length);
  const decodeRouter = prefillCount > 0 ? new LeastOutstanding(prefillCount, roles.length - prefillCount) : null;
  const link = prefillCount > 0 ? handoffLink(s) : null;
  const linkFreeS = new Array<number>(prefillCount).fill(0);
  const handoffs = new TimeHeap();
  const inTransfer = new Map<number, Active>();
  const decodeKv = prefillCount > 0 ? makeKv('decode') : null;

  const hooksFor = (index: number): InstanceHooks => ({
    finish(a, now) {
      const r = a.rec;
      r.completed = true;
      r.ttftMs = (r.firstTokenServerS + r.networkOutS - r.sendS) * 1000;
      r.e2eMs = (r.lastTokenServerS + r.networkOutS - r.sendS) * 1000;
      r.tpotMs = r.outputTokens > 1 ? (r.e2eMs - r.ttftMs) / (r.outputTokens - 1) : 0;
      r.queueMs = (r.prefillStartS - r.serverArrivalS) * 1000;
      (decodeRouter && index >= prefillCount ? decodeRouter : entryRouter).done(index);
      if (entryRouter instanceof PrefixAware) entryRouter.answered(index, routed(r), r.outputTokens);
      sendNext(r, now + r.networkOutS, false);
    },
    reject(a, now) {
      (decodeRouter && index >= prefillCount ? decodeRouter : entryRouter).done(index);
      sendNext(a.rec, now + a.rec.networkOutS, true);
    },
    handoff(a, now) {
      entryRouter.done(index);
      const r = a.rec;
      const to = decodeRouter!.pick();
      const startS = Math.max(now, linkFreeS[index]);
      const arriveS = startS + kvTransferSeconds(a.target, link!);
      linkFreeS[index] = arriveS;
      r.instance = to;
      r.kvSendStartS = startS;
      r.kvArrivalS = arriveS;
      insts[to].routed++;
      inTransfer.set(r.id, a);
      handoffs.push(arriveS, r.id);
    },
  });
  const solo = options.driver !== 'cluster' && soloRuns(cfg, levers);
  if (options.driver === 'solo' && !solo) throw new Error('engine invariant: the one-instance loop was asked for a run it does not take');
  const insts: Instance[] = solo ? [] : roles.map((role, i) => {
    const prefix = makeCache();
    return new Instance(role, {
      cfg, kv: makeKv(role, prefix), cost: servers.useOf(role).cost, itl, hooks: hooksFor(i), spec, tracksPrefixSaving: prefixShare > 0 || prefix !== null,
      alsoRejects: role === 'prefill' && decodeKv ? (a) => decodeKv.neverFits(a) : undefined,
      prefix: prefix ?? undefined,
    });
  });
  const routed = (rec: RequestRecord) => {
    const c = traffic!.conversationOf(rec.id);
    return { promptTokens: rec.promptTokens, conversation: c.id, group: c.group, sharedTokens: c.sharedTokens };
  };
  const arrive = (rec: RequestRecord, atS: number): void => {
    if (atS !== rec.serverArrivalS) rec.frontendDoneS = atS;
    const a = activeFor(rec);
    if (prefixShare > 0) applyPrefix(a, cachedTokensFor(rec.promptTokens, prefixShare));
    const to = !multi ? 0 : entryRouter instanceof PrefixAware ? entryRouter.pick(routed(rec)) : entryRouter.pick();
    if (multi) {
      rec.instance = to;
      if (prefillCount > 0) rec.prefillInstance = to;
    }
    insts[to].routed++;
    insts[to].deliver(a, atS);
  };

  // One instance: its start is the next event whenever it is ready and no arrival comes at or
  // before its clock (the tie order below). Taken at once, which halves the loop's dispatches
  // on a cold page's first run; the events and their order are the same.
  const startIfNext = (): void => {
    const inst = insts[0];
    if (inst.pendingEndS === Infinity && inst.readyToStart && door.nextS() > inst.now) inst.start(door.horizonS());
  };
  // One event per call of a small function rather than one long loop in this large one: V8
  // optimises the function after some calls, while this one runs once (a cold page's first run).
  const nextEvent = (): boolean => {
    // Next event: an iteration ends, then a KV cache lands, then a request arrives, then an instance starts (ties in that order).
    // Each instance's getters read once: the first run goes through here in V8's baseline tier.
    let endAt = -1;
    let startAt = -1;
    let tEnd = Infinity;
    let tStart = Infinity;
    for (let i = 0; i < insts.length; i++) {
      const inst = insts[i];
      const endS = inst.pendingEndS;
      if (endS < tEnd) {
        endAt = i;
        tEnd = endS;
      }
      // An iteration in flight (its end finite) is never ready to start.
      if (endS === Infinity && inst.readyToStart && (startAt < 0 || inst.now < tStart)) {
        startAt = i;
        tStart = inst.now;
      }
    }
    const tHandoff = handoffs.peekTime();
    const tArrival = door.nextS();
    if (endAt >= 0 && tEnd <= tHandoff && tEnd <= tArrival && tEnd <= tStart) {
      insts[endAt].applyPending();
      if (!multi) startIfNext();
    } else if (tHandoff < Infinity && tHandoff <= tArrival && tHandoff <= tStart) {
      const id = handoffs.pop();
      const a = inTransfer.get(id)!;
      inTransfer.delete(id);
      insts[records[id].instance!].deliver(a, tHandoff);
    } else if (tArrival < Infinity && tArrival <= tStart) {
      const passed = door.step();
      if (passed) {
        arrive(records[passed.id], passed.atS);
        if (!multi) startIfNext();
      }
    } else if (startAt >= 0) {
      // One instance sees every arrival coming; in a cluster a delivery cuts a run short instead.
      insts[startAt].start(multi ? Infinity : door.horizonS());
    } else return false;
    return true;
  };
  let ran: RanInstance[] = insts;
  if (solo) {
    const use = servers.useOf(roles[0]);
    ran = [{ role: roles[0], prefix: null, ...runSolo({ cfg, probe: use.probe, cost: use.cost, itl, hooks: hooksFor(0), door, records }) }];
  } else while (nextEvent());

  return assembleRun({ s, records, itl, ran, servers, kvProbe, tracksPrefix: prefixShare > 0 || traffic !== null, multi });
}
