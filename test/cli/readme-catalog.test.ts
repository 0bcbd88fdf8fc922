/** The figures the README quotes about the catalog's newer models, recomputed from the engine. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVING, hardwareProfile, kvLayout, modelById, planMemory, precisionById, resolveSpec } from '../../src/engine/profiles/index';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
const n = (x: number) => x.toLocaleString('en-US');

describe("README's catalog paragraph", () => {
  it('names every model of the catalog family by family', () => {
    for (const name of ['Llama 3.2 1B', 'Qwen3 8B/14B/32B', 'Qwen3-30B-A3B', 'gpt-oss-20b', 'gpt-oss-120b', 'DeepSeek-V3', 'DeepSeek-R1', 'Gemma 3 27B']) {
      expect(readme).toContain(name);
    }
  });

  it("quotes DeepSeek's latent KV per token as the memory plan computes it", () => {
    const r = resolveSpec({ model: 'deepseek-v3', gpu: 'h200', precision: 'fp8', tp: 8 });
    if (!r.ok) throw new Error(r.reason);
    const plan = planMemory(r.resolved, DEFAULT_SERVING);
    const m = modelById('deepseek-v3')!;
    expect(readme).toContain(`caches one ${m.attention!.kvLoraRank + m.attention!.ropeHeadDim}-element latent`);
    expect(readme).toContain(`${n(plan.kvBytesPerToken)} bytes per token over its ${m.layers} layers in fp8`);
    expect(plan.kvBytesPerTokenPerGpu).toBe(plan.kvBytesPerToken);
  });

  it('quotes the windows and layer patterns of Gemma 3 and gpt-oss', () => {
    const g = kvLayout(modelById('gemma-3-27b')!, 1, 2);
    expect(g.localLayers / (g.localLayers + g.globalLayers)).toBeCloseTo(52 / 62, 6);
    expect(readme).toContain(`five of every six, ${n(g.windowTokens)}-token window`);
    const o = kvLayout(modelById('gpt-oss-120b')!, 1, 2);
    expect(o.localLayers).toBe(o.globalLayers);
    expect(readme).toContain(`every other one, ${o.windowTokens} tokens`);
  });

  it('quotes MXFP4 at 4.25 bits and the GPUs where DeepSeek-V3 fits in fp8', () => {
    expect(precisionById('mxfp4')!.weightBytesPerParam * 8).toBe(4.25);
    expect(readme).toContain('MXFP4 (4.25 bits per weight');
    const fits = ['h200', 'b200', 'mi300x', 'h100-sxm'].map((gpu) => hardwareProfile({ model: 'deepseek-v3', gpu, precision: 'fp8', tp: 8 }).ok);
    expect(fits).toEqual([true, true, true, false]);
    expect(readme).toContain('names the GPUs where it fits (H200, B200, MI300X)');
  });
});
