/**
 * A fast stand-in for simulating a saturated run, used only inside the fit's
 * search loop: simulating 30,000 queued requests hundreds of times would take
 * far too long. It is corrected toward the real simulation by a per-case
 * ratio (see `fit.ts`), so its own bias does not reach the fitted factors.
 */
import type { RooflineFactors } from '../profiles/cost';
import { iterationBreakdown } from '../profiles/cost';
import { hardwareProfile } from '../profiles/roofline';
import { DEFAULT_SATURATED_REQUESTS, TRTLLM_MEMORY, TRTLLM_V014_REQUESTS } from './bench';
import type { CalibrationCase } from './mapping';
import { surrogateLoadCase } from './load';
import { predictCase, trtllmSettingsFor, type Prediction } from './predict';

/**
 * Saturated throughput as waves: the batch fills, its prompts are prefilled in
 * budget-sized iterations, then it decodes (output − 1) steps at the mean
 * context, and the next wave starts. Output tokens ÷ total time.
 */
function saturatedWaves(c: CalibrationCase, factors: RooflineFactors): Prediction {
  const bench = trtllmSettingsFor(c);
  if (!bench) return { ok: false, reason: 'unknown model or GPU' };
  const made = hardwareProfile(c.spec, factors, { ...TRTLLM_MEMORY, ...bench });
  if (!made.ok) return { ok: false, reason: made.reason };
  const cost = made.details.cost;
  const requests = TRTLLM_V014_REQUESTS[`${c.inputTokens}/${c.outputTokens}`] ?? DEFAULT_SATURATED_REQUESTS;
  const perRequest = c.inputTokens + c.outputTokens;
  const batch = Math.min(bench.maxBatch, Math.floor(made.profile.kvCapacityTokens / perRequest), requests);
  if (batch < 1) return { ok: false, reason: 'no request fits in the KV cache' };
  const budget = Math.max(bench.chunkBudgetTokens, bench.maxBatch + 1);
  const chunk = Math.min(budget, batch * c.inputTokens);
  const prefill = iterationBreakdown(cost, {
    prefillTokens: chunk,
    prefillAttentionPairs: (chunk * (c.inputTokens + 1)) / 2,
    prefillContextTokens: 0,
    prefillSeqs: Math.max(1, chunk / c.inputTokens),
    decodeSeqs: 0,
    decodeKvTokens: 0,
  }).totalS;
  const decode = iterationBreakdown(cost, {
    prefillTokens: 0, prefillAttentionPairs: 0, prefillContextTokens: 0, prefillSeqs: 0,
    decodeSeqs: batch,
    decodeKvTokens: batch * (c.inputTokens + c.outputTokens / 2),
  }).totalS;
  const waveS = ((batch * c.inputTokens) / chunk) * prefill + (c.outputTokens - 1) * decode;
  return { ok: true, value: (batch * c.outputTokens) / waveS, notes: [] };
}

/** Fast prediction: wave models for saturated and load runs, the real simulation (already cheap) for the rest. */
export function surrogatePredict(c: CalibrationCase, factors: RooflineFactors): Prediction {
  if (c.kind === 'saturated-throughput') return saturatedWaves(c, factors);
  if (c.kind === 'load-ttft' || c.kind === 'load-tpot' || c.kind === 'load-throughput') return surrogateLoadCase(c, factors);
  return predictCase(c, factors);
}
