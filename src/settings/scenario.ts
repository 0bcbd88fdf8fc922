import { lessonProfile } from '../engine/profiles/lesson';
import type { LoadSpec, Scenario, ServerProfile } from '../engine/types';
import { customWorkload, workloadById } from '../engine/workloads';
import type { Settings } from './schema';
import { resolveHardwareServer } from './server';

/** A scenario ready to simulate, or the reason the settings cannot run. */
export type ScenarioOutcome = { ok: true; scenario: Scenario } | { ok: false; param: string; message: string };

/** The server profile the settings choose. */
export function resolveServer(s: Settings): { ok: true; profile: ServerProfile } | { ok: false; param: string; message: string } {
  if (s.server === 'lesson') return { ok: true, profile: lessonProfile() };
  return resolveHardwareServer(s);
}

/** The load the settings choose: open loop when a rate is set, else closed loop. */
export function loadFromSettings(s: Settings): LoadSpec {
  if (s.rate !== null) return { kind: 'open', ratePerSec: s.rate, burstiness: s.burstiness };
  return { kind: 'closed', users: s.users, thinkMs: s.thinkMs };
}

/** Builds the engine scenario for `settings`. */
export function scenarioFromSettings(s: Settings): ScenarioOutcome {
  const server = resolveServer(s);
  if (!server.ok) return server;
  const named = workloadById(s.workload);
  const workload = named && s.workload !== 'custom' ? { ...named, spread: s.spread } : customWorkload(s.prompt, s.output, s.spread);
  return {
    ok: true,
    scenario: {
      workload,
      server: server.profile,
      load: loadFromSettings(s),
      slo: { ttftMs: s.ttftSlo, tpotMs: s.tpotSlo, e2eMs: s.e2eSlo },
      requests: s.requests,
      seed: s.seed,
      chunkedPrefill: s.chunkedPrefill,
      networkRttMs: s.networkMs,
    },
  };
}
