import { describe, expect, it } from 'vitest';
import { hardwareProfile } from '../../src/engine/profiles/roofline';
import { layoutBudget } from '../../src/views/server/layoutBudget';
import { budgetInput } from '../../src/views/server/MemoryBudget';

const GB = 1e9;
const input = {
  gpuBytes: 80 * GB, weightBytes: 10 * GB, activationBytes: 2 * GB, kvBytes: 60 * GB, kvTokens: 1_000_000, engineLabel: 'vLLM', kvLabel: 'BF16', draftBytes: 0,
  formatBytes: (b: number) => `${(b / GB).toFixed(1)} GB`, formatTokens: (t: number) => `${t} tokens`,
};

describe('the memory budget bar', () => {
  it("a speculative draft's weights get their own segment after the model's, and the sentence names its KV", () => {
    const l = layoutBudget({ ...input, weightBytes: 8 * GB, draftBytes: 2 * GB, kvBytes: 60 * GB, draftKvBytes: 6 * GB }, { widthPx: 804 });
    expect(l.segments.map((s) => s.key)).toEqual(['weights', 'draft', 'activations', 'other', 'kv']);
    const span = l.bar.rightPx - l.bar.leftPx;
    const d = l.segments.find((x) => x.key === 'draft')!;
    expect((d.x1Px - d.x0Px) / span).toBeCloseTo(2 / 80, 3);
    expect(l.sentence).toContain('the speculative draft 2.0 GB');
    expect(l.sentence).toContain("the draft's KV too (6.0 GB in all)");
  });

  it('lays weights, activations, what is kept back and KV side by side, widths in proportion, KV share named', () => {
    const l = layoutBudget(input, { widthPx: 804 });
    expect(l.segments.map((s) => s.key)).toEqual(['weights', 'activations', 'other', 'kv']);
    const span = l.bar.rightPx - l.bar.leftPx;
    const w = (k: string) => { const s = l.segments.find((x) => x.key === k)!; return (s.x1Px - s.x0Px) / span; };
    expect(w('weights')).toBeCloseTo(10 / 80, 3);
    expect(w('other')).toBeCloseTo(8 / 80, 3);
    expect(w('kv')).toBeCloseTo(60 / 80, 3);
    expect(l.kvShare).toBeCloseTo(0.75, 6);
    expect(l.segments.find((s) => s.key === 'kv')!.label).toBe('KV cache 60.0 GB (75%)');
    expect(l.sentence).toMatch(/^vLLM budgets each GPU's 80.0 GB as: weights 10.0 GB, activations 2.0 GB, kept back 8.0 GB .* 60.0 GB of BF16 KV cache, 75% of the GPU: room for 1000000 tokens\.$/);
    for (const s of l.segments) expect(s.labelXPx).toBeGreaterThanOrEqual(0);
  });

  it('bad sizes draw an empty part, never NaN', () => {
    const l = layoutBudget({ ...input, activationBytes: Number.NaN, kvBytes: -5 }, { widthPx: Number.NaN });
    expect(l.segments.map((s) => s.key)).toEqual(['weights', 'other']);
    for (const s of l.segments) for (const v of [s.x0Px, s.x1Px, s.labelXPx, s.labelYPx]) expect(Number.isFinite(v)).toBe(true);
    expect(Number.isFinite(l.kvShare) && Number.isFinite(l.heightPx)).toBe(true);
    expect(l.sentence).not.toMatch(/NaN/);
  });

  it('reads the engine\'s plan: SGLang\'s KV share at TP 8 follows mem_fraction_static', () => {
    const r = hardwareProfile({ model: 'llama-3.1-70b', gpu: 'h100-sxm', precision: 'fp8', tp: 8, kvPrecision: 'bf16' }, undefined, { memoryUtilization: 0.81, kvShareOfFree: 1, activationsOutsideShare: true });
    if (!r.ok) throw new Error(r.reason);
    const l = layoutBudget(budgetInput(r.details, 'SGLang'), { widthPx: 600 });
    const m = r.details.memory;
    expect(l.kvShare).toBeCloseTo(m.kvCacheBytesPerGpu / r.details.memoryBytesPerGpu, 6);
    expect(l.sentence).toMatch(/^SGLang budgets/);
    expect(l.sentence).toMatch(/BF16 KV cache/);
  });
});
