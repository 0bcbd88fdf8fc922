/**
 * With every lever off (no prefix cache, no speculative decoding, one
 * replica, colocated prefill and decode), a run must be byte-identical to the
 * engine before the levers existed. The reference hashes in
 * test/fixtures/levers-off-reference.json were first written on the
 * `engines` branch (the scheduler the levers build on), with
 * `UPDATE_LEVERS_REFERENCE=1 npx vitest run test/engine/levers-off.test.ts`.
 * The engine has levers now, so a regenerated file could hide a lever's
 * leak. Regenerate it only for a deliberate change of what a plain run
 * produces (a hardware model, a scheduler rule), and prove that only that
 * change moved the hashes: undo the change for a moment, check that the
 * stored file still passes byte for byte, then regenerate with the change
 * back in and say so in the commit (it was done so for the calibration's
 * decode-attention roofline and 1 ms front end).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lessonProfile } from '../../src/engine/profiles/lesson';
import { hardwareProfile } from '../../src/engine/profiles/roofline';
import type { RooflineFactors } from '../../src/engine/profiles/cost';
import { simulate } from '../../src/engine/simulate';
import { tokenTimesS } from '../../src/engine/tokens';
import type { LoadSpec, RunResult, Scenario } from '../../src/engine/types';
import { customWorkload, workloadById } from '../../src/engine/workloads';
import { loadArb as sharedLoadArb } from './arbitraries';

const FIXTURE = new URL('../fixtures/levers-off-reference.json', import.meta.url);

/** Fixed factors, so a refit of the calibration does not move the reference. */
const FACTORS: RooflineFactors = {
  mfuPrefill: 0.6, mfuDecode: 0.5, lowPrecisionMfuScale: 0.8, lowPrecisionDecodeMfuScale: 0.95, mbu: 0.8, attentionFlopsPerByte: 18, lowPrecisionKvScale: 0.98, rooflineSharpness: 1.4,
  iterationOverheadS: 0.002, layerOverheadS: 0.00001, allReduceLatencyS: 0.00003, interconnectEfficiency: 0.45,
};

function hw(model: string, gpu: string, precision: string, tp: number) {
  const r = hardwareProfile({ model, gpu, precision, tp }, FACTORS);
  if (!r.ok) throw new Error(r.reason);
  return r.profile;
}

const loadArb = sharedLoadArb({ maxUsers: 200, maxThinkMs: 3000, minRatePerSec: 0.1, maxRatePerSec: 40, minBurstiness: 0.2, maxBurstiness: 3 });

const randomArb: fc.Arbitrary<Scenario> = fc.record({
  prompt: fc.integer({ min: 1, max: 12_000 }),
  output: fc.integer({ min: 1, max: 800 }),
  spread: fc.double({ min: 0, max: 0.9, noNaN: true }),
  load: loadArb,
  requests: fc.integer({ min: 1, max: 150 }),
  seed: fc.integer({ min: 0, max: 0xffffffff }),
  chunked: fc.boolean(),
  kv: fc.integer({ min: 4_000, max: 120_000 }),
  maxBatch: fc.integer({ min: 1, max: 64 }),
  paged: fc.boolean(),
  budget: fc.option(fc.integer({ min: 64, max: 8_000 }), { nil: undefined }),
  window: fc.constantFrom('all' as const, 'steady' as const),
}).map((r) => ({
  workload: customWorkload(r.prompt, r.output, r.spread),
  server: { ...lessonProfile(), kvCapacityTokens: r.kv, maxBatch: r.maxBatch },
  load: r.load,
  slo: { ttftMs: 800, tpotMs: 60, e2eMs: null },
  requests: r.requests,
  seed: r.seed,
  chunkedPrefill: r.chunked,
  networkRttMs: 50,
  scheduler: r.paged || r.budget !== undefined ? { admission: r.paged ? ('paged' as const) : ('reserve' as const), tokenBudget: r.budget } : undefined,
  window: r.window === 'steady' ? { kind: 'steady' as const, warmup: 0 } : undefined,
}));

const closed = (users: number): LoadSpec => ({ kind: 'closed', users, thinkMs: 0 });
const slo = { ttftMs: 500, tpotMs: 50, e2eMs: null };

function named(): [string, Scenario][] {
  const base = (workload: string, load: LoadSpec, extra: Partial<Scenario> = {}): Scenario => ({
    workload: { ...workloadById(workload)!, spread: 0.2 }, server: lessonProfile(), load, slo, requests: 400, seed: 42, chunkedPrefill: false, networkRttMs: 50, ...extra,
  });
  return [
    ['lesson chat idle', base('chat', closed(1), { requests: 20 })],
    ['lesson chat busy', base('chat', closed(16))],
    ['lesson summarize busy chunked', base('summarize', closed(16), { chunkedPrefill: true })],
    ['lesson report 64 paged', base('report', closed(64), { scheduler: { admission: 'paged' }, server: { ...lessonProfile(), kvCapacityTokens: 40_000 } })],
    ['lesson autocomplete open 20/s', base('autocomplete', { kind: 'open', ratePerSec: 20, burstiness: 1 })],
    ['lesson chat inf steady warmup', base('chat', { kind: 'open', ratePerSec: Infinity, burstiness: 1 }, { window: { kind: 'steady', warmup: 10 } })],
    ['h100 8b bf16 chat 64', base('chat', closed(64), { server: hw('llama-3.1-8b', 'h100-sxm', 'bf16', 1) })],
    ['h100 70b fp8 tp2 summarize 8 chunked budget', base('summarize', closed(8), { server: hw('llama-3.1-70b', 'h100-sxm', 'fp8', 2), chunkedPrefill: true, scheduler: { tokenBudget: 2048 } })],
    ['a100 8b report 32 paged', base('report', closed(32), { server: hw('llama-3.1-8b', 'a100-80gb-sxm', 'bf16', 1), scheduler: { admission: 'paged' } })],
    ['lesson chat 32 batches not mixed', base('chat', closed(32), { scheduler: { mixedBatches: false } })],
    ['h100 8b summarize 16 paged not mixed', base('summarize', closed(16), { server: hw('llama-3.1-8b', 'h100-sxm', 'bf16', 1), scheduler: { admission: 'paged', mixedBatches: false } })],
  ];
}

function scenarios(): [string, Scenario][] {
  const random = fc.sample(randomArb, { seed: 20240612, numRuns: 40 });
  return [...named(), ...random.map((s, i): [string, Scenario] => [`random ${i}`, s])];
}

/** A canonical digest of everything a run produced (the scenario itself is input, not output). */
function digest(r: RunResult): string {
  const h = createHash('sha256');
  h.update(JSON.stringify({
    requests: r.requests, metrics: r.metrics, window: r.window, log: r.log, limits: r.limits,
    representativeId: r.representativeId, peakBatch: r.peakBatch, peakKvReservedTokens: r.peakKvReservedTokens,
  }));
  // Token times come from the log and the records, but through code of their own.
  for (const q of r.requests) if (q.completed && q.id % 7 === 0) h.update(JSON.stringify(tokenTimesS(r, q.id)));
  return h.digest('hex');
}

describe('every lever off', () => {
  it('gives results byte-identical to the engine the levers build on (stored hashes)', () => {
    const actual = Object.fromEntries(scenarios().map(([name, s]) => [name, digest(simulate(s))]));
    if (process.env.UPDATE_LEVERS_REFERENCE === '1') writeFileSync(FIXTURE, `${JSON.stringify(actual, null, 2)}\n`);
    const expected = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, string>;
    expect(Object.keys(actual)).toEqual(Object.keys(expected));
    for (const name of Object.keys(expected)) expect({ name, hash: actual[name] }).toEqual({ name, hash: expected[name] });
  });

  it('gives the same bytes when every lever is given at its off value', () => {
    const expected = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, string>;
    const off = { prefixCacheShare: 0, speculative: { tokens: 0, acceptance: 0.7, draftCost: 0.13 }, replicas: 1 };
    for (const [name, s] of scenarios()) expect({ name, hash: digest(simulate({ ...s, levers: off })) }).toEqual({ name, hash: expected[name] });
  });
});
