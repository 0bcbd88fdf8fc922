/**
 * Predicts each calibration case by running the lab's own simulator on a
 * hardware profile, so the fitted factors are the ones the lab's curves use.
 */
import { simulate } from '../simulate';
import type { Scenario, ServerProfile } from '../types';
import type { RooflineFactors } from '../profiles/cost';
import { gpuById } from '../profiles/gpus';
import { modelById } from '../profiles/models';
import { hardwareProfile, type RooflineDetails } from '../profiles/roofline';
import { DEFAULT_SATURATED_REQUESTS, TRTLLM_MEMORY, TRTLLM_V014_REQUESTS, trtllmBenchSettings } from './bench';
import { predictLoadCase } from './load';
import type { CalibrationCase } from './mapping';

/** A prediction, or why the lab could not make one. */
export type Prediction = { ok: true; value: number; notes: string[] } | { ok: false; reason: string };

function scenario(server: ServerProfile, c: CalibrationCase, requests: number, chunkedPrefill: boolean): Scenario {
  return {
    workload: { id: 'custom', label: `calibration row ${c.id}`, promptTokens: c.inputTokens, outputTokens: c.outputTokens, spread: 0 },
    server,
    load: { kind: 'open', ratePerSec: Infinity, burstiness: 1 },
    slo: { ttftMs: null, tpotMs: null, e2eMs: null },
    requests,
    seed: 1,
    chunkedPrefill,
    networkRttMs: 0,
  };
}

/**
 * A static batch runs exactly `batch` requests together: the benchmark sized
 * it to fit, so the profile's batch limit and KV capacity are raised to hold
 * it (the note records when the lab's memory plan thought it would not fit).
 */
function staticServer(profile: ServerProfile, c: CalibrationCase): { server: ServerProfile; notes: string[] } {
  const need = c.batch * (c.inputTokens + c.outputTokens);
  const notes = profile.kvCapacityTokens < need ? [`KV capacity raised from ${profile.kvCapacityTokens} to ${need} tokens to hold the batch`] : [];
  return { server: { ...profile, maxBatch: c.batch, kvCapacityTokens: Math.max(profile.kvCapacityTokens, need) }, notes };
}

function decodeMbu(details: RooflineDetails, tpotS: number, contextTokens: number): number {
  const bytes = details.memory.weightBytesTotal + contextTokens * details.memory.kvBytesPerToken;
  return bytes / (tpotS * details.tp * details.bandwidthBytesPerSec);
}

/**
 * Predicts one case with the given factors, in the unit of its metric:
 * - TTFT, batch 1: one request of `inputTokens` → its TTFT (ms).
 * - Saturated throughput: the source's request count, all queued at t = 0,
 *   with trtllm-bench's batch limit and token budget and chunked prefill →
 *   output tokens per second of the whole run.
 * - Static batch: `batch` requests prefilled together then decoded → output
 *   tok/s, or mean E2E (ms).
 * - Decode MBU: (weights + KV bytes) ÷ (TPOT × aggregate bandwidth).
 * - Under load: the closed loop at the row's concurrency (see `load.ts`).
 */
export function predictCase(c: CalibrationCase, factors: RooflineFactors): Prediction {
  if (c.kind === 'load-ttft' || c.kind === 'load-tpot' || c.kind === 'load-throughput') return predictLoadCase(c, factors);
  const bench = c.kind === 'saturated-throughput' ? trtllmSettingsFor(c) : { maxBatch: Math.max(1, c.batch), chunkBudgetTokens: 8192 };
  if (!bench) return { ok: false, reason: 'unknown model or GPU' };
  const made = hardwareProfile(c.spec, factors, { ...TRTLLM_MEMORY, ...bench });
  if (!made.ok) return { ok: false, reason: `${made.reason} ${made.suggestion}` };
  const { profile, details } = made;
  switch (c.kind) {
    case 'ttft-batch1': {
      const run = simulate(scenario(profile, c, 1, false));
      return { ok: true, value: run.metrics.ttftMs.mean, notes: [] };
    }
    case 'saturated-throughput': {
      const requests = TRTLLM_V014_REQUESTS[`${c.inputTokens}/${c.outputTokens}`] ?? DEFAULT_SATURATED_REQUESTS;
      const run = simulate(scenario(profile, c, requests, true));
      if (run.metrics.completed === 0) return { ok: false, reason: 'no request fits in the KV cache' };
      return { ok: true, value: run.metrics.outputTokPerSec, notes: [`batch limit ${bench.maxBatch}, KV ${profile.kvCapacityTokens} tokens, peak batch ${run.peakBatch}`] };
    }
    case 'static-throughput':
    case 'static-e2e': {
      const { server, notes } = staticServer(profile, c);
      const run = simulate(scenario(server, c, c.batch, false));
      const value = c.kind === 'static-throughput' ? run.metrics.outputTokPerSec : run.metrics.e2eMs.mean;
      return { ok: true, value, notes };
    }
    case 'decode-mbu': {
      const run = simulate(scenario(profile, c, 1, false));
      return { ok: true, value: decodeMbu(details, run.metrics.tpotMs.mean / 1000, c.inputTokens + c.outputTokens / 2), notes: [] };
    }
    default:
      return { ok: false, reason: `no predictor for ${c.kind}` };
  }
}

/** trtllm-bench's batch limit and token budget for a saturated case, or null for an unknown model or GPU. */
export function trtllmSettingsFor(c: CalibrationCase): { maxBatch: number; chunkBudgetTokens: number } | null {
  const model = modelById(c.spec.model);
  const gpu = gpuById(c.spec.gpu);
  if (!model || !gpu) return null;
  return trtllmBenchSettings(model, gpu, c.spec.tp, c.spec.precision === 'fp8', c.inputTokens, c.outputTokens);
}
