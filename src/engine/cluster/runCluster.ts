/**
 * The general driver of a run's event loop: every instance of the cluster
 * (replicas behind a balancer, or disaggregated prefill and decode pools with
 * the KV handoff between them), each an `Instance`, advanced one event at a
 * time. Any scenario runs here; the plainest go through `soloLoop.ts`, which
 * makes the same decisions faster.
 */
import { TimeHeap } from '../heap';
import { handoffLink, kvTransferSeconds } from '../levers/kvTransfer';
import { applyPrefix, cachedTokensFor } from '../levers/prefix';
import { PrefixCache } from '../levers/prefixCache';
import type { RanInstance } from '../assembleRun';
import { completeRecord, type RunDriver, type RunSetup } from '../runSetup';
import { activeFor, type Active } from '../scheduler/active';
import { fullFootprint, pagedKv, prefillFootprint, reserveKv, type KvCache } from '../scheduler/kv';
import type { InstanceRole, RequestRecord } from '../types';
import { Instance } from './instance';
import { LeastOutstanding, PrefixAware } from './router';
import type { InstanceHooks } from './types';

/** Runs the event loop of a run's cluster; returns its instances. */
export function runCluster({ s, cfg, levers, paged, servers, traffic, records, door, itl, sendNext }: RunSetup): RanInstance[] {
  const spec = levers.spec;
  const prefixShare = levers.prefixShare;
  const makeCache = (): PrefixCache | null => (traffic ? new PrefixCache((id, k) => traffic.blockStream(id, k), cfg.blockTokens, paged ? 1 : cfg.blockTokens) : null);
  const makeKv = (role: InstanceRole, shared: PrefixCache | null = null): KvCache => {
    const footprint = role === 'prefill' ? prefillFootprint : fullFootprint;
    const { capacityTokens: cap, probe } = servers.useOf(role);
    return paged ? pagedKv(cap, cfg.blockTokens, cfg.watermark, footprint, probe, shared) : reserveKv(cap, footprint, probe, shared);
  };
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
      // The request's latencies, then the routers, then its user's next request (the prefix-aware
      // router reads the conversation before the next turn moves it on).
      const r = a.rec;
      completeRecord(r);
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
  const insts: Instance[] = roles.map((role, i) => {
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
  while (nextEvent());
  return insts;
}

/** The cluster driver: takes every scenario. */
export const CLUSTER_DRIVER: RunDriver = { takes: () => true, run: runCluster };
