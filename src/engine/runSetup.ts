/**
 * A run up to its event loop and after it: the validated scenario, the
 * scheduler and levers it asks for, its servers and KV probe, every request
 * sent at the start (and the ones a closed loop sends as answers come back),
 * then, once a driver has run the loop, the result. `simulate` runs the loop
 * on the one-instance loop or the cluster driver; the page's first runs take
 * the one-instance loop alone (`simulateSolo.ts`), so the cluster's code can
 * stay out of its first JavaScript.
 */
import { makeLengthSampler, openLoopSendTimes, STREAM } from './arrivals';
import { assembleRun, type RanInstance } from './assembleRun';
import { RoleServers } from './cluster/pools';
import { FrontEnd } from './frontend';
import { leverConfig, type LeverConfig } from './levers/config';
import { capacityAfterPrefix, residentPrefixTokens } from './levers/prefix';
import { PrefixTraffic, type Conversation } from './levers/prefixTraffic';
import { isReferenceRequest, referenceLengths } from './reference';
import { exponential, makeRng } from './rng';
import type { Active } from './scheduler/active';
import { schedulerConfig, type SchedulerConfig } from './scheduler/config';
import type { ItlLog } from './scheduler/itl';
import { KvProbe } from './scheduler/kvBounds';
import type { RequestRecord, RunResult, Scenario } from './types';
import { DEFAULT_NETWORK_JITTER, validateScenario } from './validate';

/** What a driver of the event loop is handed: the run so far, and what it calls as requests leave. */
export interface RunSetup {
  /** The validated scenario. */
  s: Scenario;
  cfg: SchedulerConfig;
  levers: LeverConfig;
  /** Paged admission (else reserve). */
  paged: boolean;
  /** The run's capacity comparisons (the one every cache of the server shares). */
  kvProbe: KvProbe;
  /** Each role's server: step cost, KV capacity and probe. */
  servers: RoleServers;
  /** The prefix-cache lever's traffic (conversations and their blocks), or null. */
  traffic: PrefixTraffic | null;
  /** The requests sent so far, by id (a closed loop adds to it as answers come back). */
  records: RequestRecord[];
  /** The server's front door: every arrival goes through it. */
  door: FrontEnd;
  /** The run's inter-token gaps, filled by the loop. */
  itl: ItlLog;
  /** A request's last token left the server at `nowS`: its latencies are set, and its user (closed loop) sends the next. */
  finish(a: Active, nowS: number): void;
  /** A request was rejected at `nowS` (it could never fit); its user sends the next. */
  reject(a: Active, nowS: number): void;
  /** Sends a closed loop's next request, or a conversation's next turn. */
  sendNext(rec: RequestRecord, clientDoneS: number, rejected: boolean): void;
}

/** A request's last token left the server (`lastTokenServerS` set): its latencies as the client saw them, ms. */
export function completeRecord(r: RequestRecord): void {
  r.completed = true;
  r.ttftMs = (r.firstTokenServerS + r.networkOutS - r.sendS) * 1000;
  r.e2eMs = (r.lastTokenServerS + r.networkOutS - r.sendS) * 1000;
  r.tpotMs = r.outputTokens > 1 ? (r.e2eMs - r.ttftMs) / (r.outputTokens - 1) : 0;
  r.queueMs = (r.prefillStartS - r.serverArrivalS) * 1000;
}

/** Runs a scenario's event loop: what its instances did. */
export interface RunDriver {
  /** True when this driver runs a scenario with this scheduler and these levers. */
  takes(cfg: SchedulerConfig, levers: LeverConfig): boolean;
  run(setup: RunSetup): RanInstance[];
}

/** Runs `scenario` with `driver`, or returns null when the driver does not take it. */
export function runScenario(scenario: Scenario, driver: RunDriver): RunResult | null {
  const s = validateScenario(scenario);
  const p = s.server;
  const cfg = schedulerConfig(s);
  const levers = leverConfig(s);
  if (!driver.takes(cfg, levers)) return null;
  const paged = cfg.admission === 'paged';
  const prefixShare = levers.prefixShare;
  const residentTokens = residentPrefixTokens(s, prefixShare);
  const capacity = capacityAfterPrefix(p, residentTokens);
  // Every cache of the run compares the same capacity: one probe records what the run asked of it.
  const kvProbe = new KvProbe(p.kvCapacityTokens, paged ? cfg.blockTokens : 1, paged ? cfg.watermark : 0, residentTokens);
  // A prefix cache in KV memory: the traffic that names each request's blocks, one cache per instance.
  const traffic = levers.prefixCache ? new PrefixTraffic(levers.prefixCache, s.seed, cfg.blockTokens) : null;
  // Disaggregated pools at their own TP run their own servers: step costs and KV capacity (each its own probe).
  const servers = new RoleServers(s, { server: p, capacityTokens: capacity, probe: kvProbe }, { unitTokens: paged ? cfg.blockTokens : 1, watermark: paged ? cfg.watermark : 0, residentTokens }, levers.spec);
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
  const finish = (a: Active, now: number): void => {
    completeRecord(a.rec);
    sendNext(a.rec, now + a.rec.networkOutS, false);
  };
  const reject = (a: Active, now: number): void => sendNext(a.rec, now + a.rec.networkOutS, true);
  const ran = driver.run({ s, cfg, levers, paged, kvProbe, servers, traffic, records, door, itl, finish, reject, sendNext });
  return assembleRun({ s, records, itl, ran, servers, kvProbe, tracksPrefix: prefixShare > 0 || traffic !== null, multi: levers.multiInstance });
}
