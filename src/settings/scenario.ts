import type { ResolvedServing } from '../engine/engines/resolve';
import { customProfile } from '../engine/profiles/custom';
import { lessonProfile } from '../engine/profiles/lesson';
import type { LoadSpec, Scenario, ServerProfile } from '../engine/types';
import { customWorkload, workloadById } from '../engine/workloads';
import type { Settings } from './schema';
import { leversOf } from './levers';
import { resolvePools } from './poolRegistry';
import { EngineInputError } from '../engine/errors';
import { validatePrefixLevers } from '../engine/levers/config';
import type { DraftSetup } from './speculative';
import { needsSpecMethods, specMethods } from './specRegistry';
import { DEFAULT_SPEC_ACCEPTANCE } from '../engine/levers/speculative';
import type { SpeculativeOptions } from '../engine/types';
import type { RooflineFactors } from '../engine/profiles/cost';
import { resolveHardwareServer, SPEC_LOADING } from './server';
import { servingOf } from './serving';

/** A scenario ready to simulate, or the reason the settings cannot run. */
export type ScenarioOutcome = { ok: true; scenario: Scenario } | { ok: false; param: string; message: string };

/** The server profile the settings choose, with the serving settings' batch limit and token budget. */
export function resolveServer(s: Settings, serving: ResolvedServing = servingOf(s)): { ok: true; profile: ServerProfile; draft?: DraftSetup | null; factors?: RooflineFactors } | { ok: false; param: string; message: string } {
  if (s.server !== 'hardware' && s.expertParallel === 'on') {
    return { ok: false, param: 'expert-parallel', message: `expert parallelism places a mixture-of-experts model's experts on the GPUs of a hardware server (--model, --gpu, --tp 2 or more); the ${s.server} server has none` };
  }
  if (s.server === 'lesson') return { ok: true, profile: { ...lessonProfile(), maxBatch: serving.maxBatch, chunkBudgetTokens: serving.chunkBudgetTokens } };
  if (s.server === 'custom') {
    // The client's idle TTFT is the network round trip plus the server's prefill.
    const prefillMs = s.customTtftMs - s.networkMs;
    if (prefillMs < 0) {
      return { ok: false, param: 'custom-ttft-ms', message: `${s.customTtftMs} ms is less than the network round trip (${s.networkMs} ms), which every first token pays; raise it or lower network-ms` };
    }
    const profile = customProfile({ prefillS: prefillMs / 1000, referencePromptTokens: s.prompt, tokPerSec: s.customTokPerSec });
    return { ok: true, profile: { ...profile, maxBatch: serving.maxBatch, chunkBudgetTokens: serving.chunkBudgetTokens } };
  }
  return resolveHardwareServer(s, serving);
}

/** The load the settings choose: open loop when a rate is set, else closed loop. */
export function loadFromSettings(s: Settings): LoadSpec {
  if (s.rate !== null) return { kind: 'open', ratePerSec: s.rate, burstiness: s.burstiness };
  return { kind: 'closed', users: s.users, thinkMs: s.thinkMs };
}

type SpecOutcome = { ok: true; speculative: SpeculativeOptions | undefined } | { ok: false; param: string; message: string };

/** Speculative decoding's options: the custom form here, the other methods from their module (`specRegistry`). */
function speculativeFor(s: Settings, draft: DraftSetup | null, factors: RooflineFactors | null): SpecOutcome {
  if (s.specTokens <= 0) return { ok: true, speculative: undefined };
  const methods = specMethods();
  if (methods) return methods.speculativeOf(s, draft, factors);
  if (needsSpecMethods(s)) return { ok: false, param: 'spec-method', message: SPEC_LOADING };
  return { ok: true, speculative: { tokens: s.specTokens, acceptance: s.specAcceptance ?? DEFAULT_SPEC_ACCEPTANCE, draftCost: s.specDraftCost } };
}

/** Builds the engine scenario for `settings`. */
export function scenarioFromSettings(s: Settings): ScenarioOutcome {
  if (s.warmup >= s.requests) {
    return { ok: false, param: 'warmup', message: `a warm-up of ${s.warmup} requests leaves none of the ${s.requests} to measure; use fewer than ${s.requests}` };
  }
  const serving = servingOf(s);
  const server = resolveServer(s, serving);
  if (!server.ok) return server;
  const named = workloadById(s.workload);
  const workload = named && s.workload !== 'custom' ? { ...named, spread: s.spread } : customWorkload(s.prompt, s.output, s.spread);
  const scenario: Scenario = {
    workload,
    server: server.profile,
    load: loadFromSettings(s),
    slo: { ttftMs: s.ttftSlo, tpotMs: s.tpotSlo, e2eMs: s.e2eSlo },
    requests: s.requests,
    seed: s.seed,
    chunkedPrefill: serving.chunkedPrefill,
    networkRttMs: s.networkMs,
  };
  // Only what differs from the lab's original scheduler goes in, so default runs stay as they were.
  if (serving.admission !== 'reserve' || serving.tokenBudget !== null || !serving.mixedBatches) {
    scenario.scheduler = {
      admission: serving.admission,
      ...(serving.tokenBudget !== null ? { tokenBudget: serving.tokenBudget } : {}),
      ...(serving.watermark !== undefined ? { watermark: serving.watermark } : {}),
      ...(serving.mixedBatches ? {} : { mixedBatches: false }),
    };
  }
  if (s.window !== 'all' || s.warmup > 0) scenario.window = { kind: s.window, warmup: s.warmup };
  const pools = resolvePools(s, server.profile);
  if (!pools.ok) return pools;
  // Speculative decoding runs on the decode instances: their draft, at their TP.
  const decodeDraft = pools.pools?.decodeDraft;
  const speculative = decodeDraft ? speculativeFor(s, decodeDraft.draft, decodeDraft.factors) : speculativeFor(s, server.draft ?? null, server.factors ?? null);
  if (!speculative.ok) return speculative;
  const levers = leversOf(s, server.profile, speculative.speculative, pools.pools);
  if (!levers.ok) return levers;
  if (levers.levers) scenario.levers = levers.levers;
  if (scenario.levers && (scenario.levers.prefixCache || scenario.levers.router)) {
    // The prefix cache's checks need the workload and the load: the engine's own, as a reason the page can show.
    try {
      validatePrefixLevers(scenario);
    } catch (e) {
      if (e instanceof EngineInputError) return { ok: false, param: e.param, message: e.message.slice(e.param.length + 2) };
      throw e;
    }
  }
  return { ok: true, scenario };
}
