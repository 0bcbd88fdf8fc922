/** The server picker and the why panel with the models of issue 19. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../src/settings';
import { hardwareFixes, hardwareStatus } from '../../src/views/controls/server';
import { modelOptions, precisionOptions } from '../../src/views/controls/server/hardwareOptions';

const label = (id: string) => modelOptions().find((o) => o.value === id)!.label;

describe('server picker: new models', () => {
  it('labels each model with its size, and a mixture of experts with its active size as its publisher counts it', () => {
    expect(label('qwen3-30b-a3b')).toBe('Qwen3-30B-A3B (30.5B MoE, 3.4B active)');
    expect(label('deepseek-v3')).toBe('DeepSeek-V3 (671B MoE, 36.6B active)');
    expect(label('gpt-oss-120b')).toBe('gpt-oss-120b (117B MoE, 5.1B active)');
    expect(label('gemma-3-27b')).toBe('Gemma-3-27B (27B dense)');
    expect(label('llama-3.2-1b')).toBe('Llama-3.2-1B (1.2B dense)');
  });

  it('offers only the checkpoint format for gpt-oss, and no MXFP4 for other models, saying why', () => {
    const gptOss = precisionOptions('h100-sxm', 'gpt-oss-20b');
    expect(gptOss.filter((o) => o.unavailable === null).map((o) => o.value)).toEqual(['mxfp4']);
    expect(gptOss.find((o) => o.value === 'bf16')!.unavailable).toMatch(/published in mxfp4 only/);
    const llama = precisionOptions('h100-sxm', 'llama-3.1-8b');
    expect(llama.find((o) => o.value === 'mxfp4')!.unavailable).toMatch(/has no mxfp4 checkpoint/);
    expect(llama.find((o) => o.value === 'bf16')!.unavailable).toBeNull();
  });

  it('fixes gpt-oss in BF16 with its checkpoint format, and DeepSeek-V3 on 8 H100 with a lighter precision', () => {
    const base: Settings = { ...DEFAULT_SETTINGS, server: 'hardware', gpu: 'h100-sxm', tp: 1, kvPrecision: 'auto' };
    expect(hardwareFixes({ ...base, model: 'gpt-oss-120b', precision: 'bf16' })[0]).toEqual({ label: 'Use MXFP4', patch: { precision: 'mxfp4', kvPrecision: 'auto' } });
    const st = hardwareStatus({ ...base, model: 'deepseek-v3', precision: 'fp8', tp: 8 });
    expect(st.ok).toBe(false);
    if (st.ok) return;
    expect(st.suggestion).toMatch(/At fp8 it fits only on H200 SXM 141GB/);
    expect(st.fixes.map((f) => f.label)).toContain('Use INT4');
  });
});

describe('why panel: unfitted models', () => {
  it('carries the per-model notice in the details the panel reads', () => {
    const st = hardwareStatus({ model: 'qwen3-8b', gpu: 'h100-sxm', precision: 'bf16', tp: 1, kvPrecision: 'auto' });
    expect(st.ok && st.details.modelFit.fitted).toBe(false);
    expect(st.ok && st.details.modelFit.note).toMatch(/No published measurements of Qwen3-8B/);
    const l = hardwareStatus({ model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'bf16', tp: 1, kvPrecision: 'auto' });
    expect(l.ok && l.details.modelFit).toEqual({ fitted: true, note: null });
  });
});
