// Speculative decoding by method, worked by hand: a draft model's step on a
// known GPU, an EAGLE tree's verification, the memory a draft takes, and the
// acceptance each method starts from.
import { describe, expect, it } from 'vitest';
import { draftMemory, draftRefusal, draftStepSeconds, defaultDraftFor, eagleHeadModel } from '../../src/engine/levers/draftModel';
import { specCost, specDecoding } from '../../src/engine/levers/speculative';
import { acceptanceForTau, eagleAcceptance, ngramAcceptance } from '../../src/engine/levers/specMethods';
import { resolveSpec } from '../../src/engine/profiles/catalog';
import { FITTED_FACTORS } from '../../src/engine/profiles/fitted';
import { DEFAULT_SERVING, planMemory } from '../../src/engine/profiles/memory';
import { modelById } from '../../src/engine/profiles/models';
import type { IterationWork, ServerProfile } from '../../src/engine/types';

const resolved = (model: string, gpu: string, precision: string) => {
  const r = resolveSpec({ model, gpu, precision, tp: 1 });
  if (!r.ok) throw new Error(r.reason);
  return r.resolved;
};

describe('a draft model costed by its own roofline', () => {
  it('Llama-3.2-1B on one H100 in BF16, one sequence, empty context: its weights at the fitted bandwidth plus 16 layer launches', () => {
    // Llama-3.2-1B (16 layers, d 2048, 32 heads of 64, 8 KV heads, FFN 8192, vocab 128,256, tied):
    //   attention per layer 2·2048·2048 + 2·2048·512 = 10,485,760; norms 4,096; MLP 3·2048·8192 = 50,331,648
    //   → 60,821,504 a layer, × 16 = 973,144,064; embedding 128,256 · 2048 = 262,668,288 (+ final norm 2,048)
    //   → 1,235,814,400 weights, 2,471,628,800 bytes in BF16.
    // One token writes 16 layers · 2 (K, V) · 8 heads · 64 · 2 bytes = 32,768 bytes of KV.
    // Memory time: (2,471,628,800 + 32,768) / (3.35e12 · 0.8282) = 0.89086 ms.
    // Compute: 2 · 1,235,814,400 FLOPs / (989.4e12 · 0.4249) = 5.88 µs, ratio 0.0066 to memory:
    //   the rounded corner adds (1 + 0.0066^1.487)^(1/1.487) − 1 = 0.04%: 0.89120 ms.
    // Plus 16 · 27.96 µs of layer launches = 0.44736 ms; the fixed 2.325 ms per iteration is not charged
    // (the verification pays it): 1.3386 ms.
    const h100 = resolved('llama-3.1-8b', 'h100-sxm', 'bf16');
    const step = draftStepSeconds(modelById('llama-3.2-1b')!, h100, FITTED_FACTORS, 1);
    const memoryS = (2_471_628_800 + 32_768) / (3.35e12 * FITTED_FACTORS.mbu);
    const computeS = (2 * 1_235_814_400) / (989.4e12 * FITTED_FACTORS.mfuDecode);
    const p = FITTED_FACTORS.rooflineSharpness;
    const expected = memoryS * Math.pow(1 + Math.pow(computeS / memoryS, p), 1 / p) + 16 * FITTED_FACTORS.layerOverheadS;
    expect(step(1, 0)).toBeCloseTo(expected, 9);
    expect(step(1, 0) * 1000).toBeCloseTo(1.3386, 3);
  });

  it('is a function of the batch, not a constant share of the target\'s step', () => {
    const h100 = resolved('llama-3.1-8b', 'h100-sxm', 'bf16');
    const step = draftStepSeconds(modelById('llama-3.2-1b')!, h100, FITTED_FACTORS, 1);
    expect(step(64, 64 * 2000)).toBeGreaterThan(step(1, 2000));
    expect(step(0, 0)).toBe(0);
  });
});

describe("an EAGLE tree's verification", () => {
  it('prices W query tokens a sequence and K drafting steps over the same sequences', () => {
    // A toy target: 1 ms a step plus 0.01 ms a query token; a draft step of 0.2 ms a sequence.
    const seen: IterationWork[] = [];
    const profile = { iterationSeconds: (w: IterationWork) => { seen.push({ ...w }); return 1e-3 + 1e-5 * (w.decodeQueryTokens ?? w.decodeSeqs); } } as unknown as ServerProfile;
    const draftCalls: [number, number][] = [];
    const spec = specDecoding({ tokens: 7, acceptance: 0.9, draftCost: 0, method: 'eagle3', verifyTokens: 60, draftStepSeconds: (seqs, kv) => { draftCalls.push([seqs, kv]); return 2e-4 * seqs; } })!;
    const work: IterationWork = { prefillTokens: 0, prefillAttentionPairs: 0, prefillContextTokens: 0, prefillSeqs: 0, decodeSeqs: 3, decodeKvTokens: 3000 };
    // Verify: 3 sequences × 60 tree tokens = 180 queries → 1 + 1.8 = 2.8 ms; draft: 7 steps × 3 × 0.2 ms = 4.2 ms.
    expect(specCost(profile, spec)(work) * 1000).toBeCloseTo(2.8 + 4.2, 9);
    expect(seen[0].decodeQueryTokens).toBe(180);
    // The K steps draft over the same sequences and context: one step priced, times K.
    expect(draftCalls).toEqual([[3, 3000]]);
  });

  it("the EAGLE-3 head of Llama-3.1-8B: one layer, its own 32,000-token LM head, a 3h → h FC", () => {
    // One layer: 2·4096·4096 + 2·4096·1024 + 2·4096 (norms) + 3·4096·14336 = 218,112,000;
    // LM head 32,000 · 4096 = 131,072,000; final norm 4,096; FC 3 · 4096² = 50,331,648. In BF16: ×2 bytes.
    const r = resolved('llama-3.1-8b', 'h100-sxm', 'bf16');
    const head = eagleHeadModel(r.model, 'eagle3');
    const m = draftMemory(head, r, 'eagle3');
    expect(m.weightBytesPerGpu).toBe(2 * (218_112_000 + 131_072_000 + 4096 + 50_331_648));
    // EAGLE-2 stores no vocabulary matrix (it reads the target's): one layer, the norm and a 2h → h FC.
    expect(draftMemory(eagleHeadModel(r.model, 'eagle'), r, 'eagle').weightBytesPerGpu).toBe(2 * (218_112_000 + 4096 + 2 * 4096 * 4096));
    // One layer of KV: 2 · 8 · 128 · 2 bytes.
    expect(m.kvBytesPerTokenPerGpu).toBe(4096);
  });
});

describe('the memory a draft takes', () => {
  it('Llama-3.2-1B beside Llama-3.3-70B in FP8 on one H200: its weights off the free memory, its KV on every cached token', () => {
    // Draft weights in FP8, embeddings in 16-bit: (1,235,814,400 − 262,668,288) · 1 + 262,668,288 · 2 = 1,498,482,688 bytes.
    // KV a token, FP8: draft 16 · 2 · 8 · 64 = 16,384 bytes; target 80 · 2 · 8 · 128 = 163,840 bytes.
    const r = resolved('llama-3.3-70b', 'h200', 'fp8');
    const draft = draftMemory(modelById('llama-3.2-1b')!, r, null);
    expect(draft).toEqual({ weightBytesPerGpu: 1_498_482_688, kvBytesPerTokenPerGpu: 16_384 });
    const alone = planMemory(r, DEFAULT_SERVING);
    const both = planMemory(r, { ...DEFAULT_SERVING, draft });
    expect(both.kvCacheBytesPerGpu).toBeCloseTo(alone.kvCacheBytesPerGpu - 1_498_482_688, 3);
    expect(both.kvCapacityTokens).toBe(Math.floor(both.kvCacheBytesPerGpu / (163_840 + 16_384)));
    expect(both.draftKvBytesPerGpu).toBe(both.kvCapacityTokens * 16_384);
    expect(both.draftWeightBytesPerGpu).toBe(1_498_482_688);
    expect(alone.draftWeightBytesPerGpu).toBe(0);
  });
});

describe('drafts that cannot serve a target', () => {
  const fp8 = { precision: resolved('llama-3.3-70b', 'h200', 'fp8').precision };
  it.each([
    ['llama-3.1-8b', 'llama-3.1-8b', /not smaller/],
    ['llama-3.2-1b', 'llama-3.1-8b', /not smaller/],
    ['llama-3.3-70b', 'qwen3-8b', /tokenizer/],
    ['mixtral-8x7b', 'llama-2-7b', /tokenizer/],
  ])('%s drafted by %s is refused', (target, draft, why) => {
    expect(draftRefusal(modelById(target)!, modelById(draft)!, fp8)).toMatch(why);
  });
  it('the default draft is the smallest of the family, none for the smallest model', () => {
    expect(defaultDraftFor(modelById('llama-3.3-70b')!)?.id).toBe('llama-3.2-1b');
    expect(defaultDraftFor(modelById('llama-2-70b')!)?.id).toBe('llama-2-7b');
    expect(defaultDraftFor(modelById('llama-3.2-1b')!)).toBeNull();
  });
});

describe('published acceptance lengths', () => {
  it('τ back to a per-token acceptance: E(K, A) = τ', () => {
    // EAGLE-3 on Llama-3.1-8B, MT-bench: τ 6.13 at depth 7 → A with (1 − A⁸)/(1 − A) = 6.13.
    const a = acceptanceForTau(6.13, 7);
    expect((1 - a ** 8) / (1 - a)).toBeCloseTo(6.13, 9);
    expect(acceptanceForTau(1, 5)).toBe(0);
    expect(acceptanceForTau(9, 7)).toBe(1);
  });
  it('an EAGLE tree: the chain acceptance at K + 1 tokens, the published one at 60, between them rising', () => {
    expect(eagleAcceptance('eagle3', 7, 8)).toBe(0.75);
    expect(eagleAcceptance('eagle3', 7, 60)).toBeCloseTo(acceptanceForTau(6.13, 7), 12);
    expect(eagleAcceptance('eagle3', 7, 64)).toBeCloseTo(acceptanceForTau(6.13, 7), 12);
    expect(eagleAcceptance('eagle3', 7, 20)).toBeGreaterThan(0.75);
    expect(eagleAcceptance('eagle3', 7, 20)).toBeLessThan(eagleAcceptance('eagle3', 7, 40));
    expect(eagleAcceptance('eagle', 7, 60)).toBeLessThan(eagleAcceptance('eagle3', 7, 60));
  });
  it('prompt lookup accepts more where the output repeats the prompt', () => {
    expect(ngramAcceptance('summarize')).toBeGreaterThan(ngramAcceptance('autocomplete'));
    expect(ngramAcceptance('autocomplete')).toBeGreaterThan(ngramAcceptance('chat'));
    expect(ngramAcceptance('chat')).toBeGreaterThan(ngramAcceptance('report'));
    expect(ngramAcceptance('nonsense')).toBe(ngramAcceptance('chat'));
  });
});

describe('a run with a draft crosses to the page', () => {
  it("its payload is structured-cloneable (the draft's cost function stays in the worker)", async () => {
    const { mainResultOf } = await import('../../src/workers/payload');
    const { simulate } = await import('../../src/engine/simulate');
    const { settingsFromQuery } = await import('../../src/settings/parse');
    const { scenarioFromSettings } = await import('../../src/settings/scenario');
    const b = scenarioFromSettings(settingsFromQuery('server=hardware&model=llama-3.1-8b&gpu=h100-sxm&specMethod=eagle3&requests=20').settings);
    if (!b.ok) throw new Error(b.message);
    const payload = mainResultOf(simulate(b.scenario), 1);
    const copy = structuredClone(payload);
    expect(copy.scenario.levers?.speculative).toMatchObject({ method: 'eagle3', tokens: 7, verifyTokens: 60 });
  });
});
