/**
 * Disaggregated runs with both pools at the server's TP and the server's own
 * link must stay byte for byte what they were before per-pool TP and named
 * links existed. The hashes in test/fixtures/disaggregated-reference.json
 * were written by this file on the engine before per-pool TP (branch pools,
 * parent of the commit that added them), with
 * `UPDATE_POOLS_REFERENCE=1 npx vitest run test/engine/pools-reference.test.ts`;
 * regenerate it only for a deliberate change of what a disaggregated run
 * produces, and say so in the commit. The second test gives each pool a
 * server of its own, rebuilt at the same TP: the per-pool code path must
 * give the same bytes as the shared one.
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
import type { LoadSpec, RunResult, Scenario, ServerProfile } from '../../src/engine/types';
import { customWorkload, workloadById } from '../../src/engine/workloads';

const FIXTURE = new URL('../fixtures/disaggregated-reference.json', import.meta.url);

/** Fixed factors, so a refit of the calibration does not move the reference. */
const FACTORS: RooflineFactors = {
  mfuPrefill: 0.6, mfuDecode: 0.5, lowPrecisionMfuScale: 0.8, lowPrecisionDecodeMfuScale: 0.95, mbu: 0.8, attentionFlopsPerByte: 18, lowPrecisionKvScale: 0.98, rooflineSharpness: 1.4,
  iterationOverheadS: 0.002, layerOverheadS: 0.00001, allReduceLatencyS: 0.00003, interconnectEfficiency: 0.45,
};

function hw(model: string, gpu: string, precision: string, tp: number): ServerProfile {
  const r = hardwareProfile({ model, gpu, precision, tp }, FACTORS);
  if (!r.ok) throw new Error(r.reason);
  return r.profile;
}

const closed = (users: number): LoadSpec => ({ kind: 'closed', users, thinkMs: 0 });
const open = (ratePerSec: number): LoadSpec => ({ kind: 'open', ratePerSec, burstiness: 1 });
const slo = { ttftMs: 1000, tpotMs: 40, e2eMs: null };
const split = (prefillInstances: number, decodeInstances: number) => ({ disaggregated: { prefillInstances, decodeInstances } });

/** Scenarios and the server builder of each, so the per-pool test can rebuild the server at the same TP. */
function named(): [string, Scenario, () => ServerProfile][] {
  const base = (workload: string, load: LoadSpec, server: () => ServerProfile, extra: Partial<Scenario> = {}): Scenario => ({
    workload: { ...workloadById(workload)!, spread: 0.3 }, server: server(), load, slo, requests: 200, seed: 42, chunkedPrefill: false, networkRttMs: 50, ...extra,
  });
  const h8 = () => hw('llama-3.1-8b', 'h100-sxm', 'bf16', 1);
  const h8tp2 = () => hw('llama-3.1-8b', 'h100-sxm', 'bf16', 2);
  const h70 = () => hw('llama-3.1-70b', 'h100-sxm', 'fp8', 2);
  const a8 = () => hw('llama-3.1-8b', 'a100-80gb-sxm', 'bf16', 1);
  return [
    ['lesson chat 16, 1+1', base('chat', closed(16), lessonProfile, { levers: split(1, 1) }), lessonProfile],
    ['lesson summarize open 4/s, 2+3 paged', base('summarize', open(4), lessonProfile, { levers: split(2, 3), scheduler: { admission: 'paged' } }), lessonProfile],
    ['h100 8b summarize open 20/s, 2+2 steady', base('summarize', open(20), h8, { levers: split(2, 2), window: { kind: 'steady', warmup: 0 } }), h8],
    ['h100 8b tp2 report 32, 1+2 chunked', base('report', closed(32), h8tp2, { levers: split(1, 2), chunkedPrefill: true }), h8tp2],
    ['h100 70b fp8 tp2 chat 24, 1+1 paged', base('chat', closed(24), h70, { levers: split(1, 1), scheduler: { admission: 'paged' } }), h70],
    ['h100 8b chat open 30/s, 6+4 across servers', base('chat', open(30), h8, { levers: split(6, 4) }), h8],
    ['a100 8b chat 32, 2+2 speculative', base('chat', closed(32), a8, { levers: { ...split(2, 2), speculative: { tokens: 3, acceptance: 0.7, draftCost: 0.13 } } }), a8],
  ];
}

const randomArb = fc.record({
  prompt: fc.integer({ min: 1, max: 8_000 }),
  output: fc.integer({ min: 1, max: 400 }),
  spread: fc.double({ min: 0, max: 0.9, noNaN: true }),
  users: fc.integer({ min: 1, max: 64 }),
  requests: fc.integer({ min: 1, max: 120 }),
  seed: fc.integer({ min: 0, max: 0xffffffff }),
  chunked: fc.boolean(),
  paged: fc.boolean(),
  kv: fc.integer({ min: 10_000, max: 120_000 }),
  prefill: fc.integer({ min: 1, max: 4 }),
  decode: fc.integer({ min: 1, max: 4 }),
});

function scenarios(): [string, Scenario, () => ServerProfile][] {
  const random = fc.sample(randomArb, { seed: 20261202, numRuns: 24 }).map((r, i): [string, Scenario, () => ServerProfile] => {
    const server = (): ServerProfile => ({ ...lessonProfile(), kvCapacityTokens: r.kv });
    const s: Scenario = {
      workload: customWorkload(r.prompt, r.output, r.spread), server: server(), load: closed(r.users), slo, requests: r.requests, seed: r.seed,
      chunkedPrefill: r.chunked, networkRttMs: 50, levers: split(r.prefill, r.decode), ...(r.paged ? { scheduler: { admission: 'paged' as const } } : {}),
    };
    return [`random ${i}`, s, server];
  });
  return [...named(), ...random];
}

/** A canonical digest of everything a run produced, the instances' own logs included. */
function digest(r: RunResult): string {
  const h = createHash('sha256');
  h.update(JSON.stringify({
    requests: r.requests, metrics: r.metrics, window: r.window, log: r.log, limits: r.limits, instances: r.instances,
    representativeId: r.representativeId, peakBatch: r.peakBatch, peakKvReservedTokens: r.peakKvReservedTokens,
  }));
  for (const q of r.requests) if (q.completed && q.id % 7 === 0) h.update(JSON.stringify(tokenTimesS(r, q.id)));
  return h.digest('hex');
}

describe('disaggregated runs with both pools at the server TP and its own link', () => {
  it('stay byte for byte the runs before per-pool TP (stored hashes)', () => {
    const actual = Object.fromEntries(scenarios().map(([name, s]) => [name, digest(simulate(s))]));
    if (process.env.UPDATE_POOLS_REFERENCE === '1') writeFileSync(FIXTURE, `${JSON.stringify(actual, null, 2)}\n`);
    const expected = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, string>;
    expect(Object.keys(actual)).toEqual(Object.keys(expected));
    for (const name of Object.keys(expected)) expect({ name, hash: actual[name] }).toEqual({ name, hash: expected[name] });
  });

  it('give the same bytes when each pool is handed its own server rebuilt at the same TP', () => {
    const expected = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, string>;
    for (const [name, s, rebuild] of scenarios()) {
      const d = s.levers!.disaggregated!;
      const own: Scenario = { ...s, levers: { ...s.levers, disaggregated: { ...d, prefillServer: rebuild(), decodeServer: rebuild() } } };
      expect({ name, hash: digest(simulate(own)) }).toEqual({ name, hash: expected[name] });
    }
  });
});
