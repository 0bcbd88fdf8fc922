// The server picker's menus (what each GPU, precision and TP offers, and why a choice is
// unavailable) and the one-click fixes for a combination that cannot run, each checked to run.
import { describe, expect, it } from 'vitest';
import { hardwareFixes, hardwareStatus, pageWording } from '../../src/views/controls/server';
import { gpuOptions, modelOptions, precisionNote, precisionOptions, tpNote, tpOptions } from '../../src/views/controls/server/hardwareOptions';

describe('server picker options and fixes', () => {
  it('lists every model, GPU and precision, and says why some cannot be picked', () => {
    expect(modelOptions().find((o) => o.value === 'mixtral-8x7b')!.label).toMatch(/MoE, 12\.9B active/);
    expect(gpuOptions().length).toBeGreaterThan(8);
    const a100 = precisionOptions('a100-80gb-sxm');
    expect(a100.find((o) => o.value === 'fp8')!.unavailable).toMatch(/no FP8 tensor cores/);
    expect(a100.find((o) => o.value === 'bf16')!.unavailable).toBeNull();
    expect(precisionNote('a100-80gb-sxm')).toBe('The A100 SXM has no FP8 or FP4 tensor cores, so FP8 and FP4 are unavailable.');
    expect(precisionNote('b200')).toBeUndefined();
    expect(tpOptions('qwen2.5-7b').find((o) => o.value === '8')!.unavailable).toMatch(/28 heads/);
    expect(tpNote('qwen2.5-7b')).toMatch(/do not split evenly over 8 GPUs/);
    expect(tpNote('llama-3.1-8b')).toBeUndefined();
  });

  const base = { model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'bf16', tp: 1, kvPrecision: 'auto' };

  it('refuses 70B bf16 on one L4 and offers fixes that each run', () => {
    const s = { ...base, model: 'llama-3.1-70b', gpu: 'l4' };
    const st = hardwareStatus(s);
    expect(st.ok).toBe(false);
    if (st.ok) return;
    expect(st.reason).toMatch(/141 GB of weights; one L4 has 24 GB/);
    expect(st.suggestion).not.toMatch(/--/);
    expect(st.fixes[0]).toEqual({ label: 'Use TP 8', patch: { tp: 8 } });
    for (const f of st.fixes) expect(hardwareStatus({ ...s, ...f.patch }).ok, f.label).toBe(true);
  });

  it('refuses FP8 on an A100 and offers its own precisions or a GPU with FP8', () => {
    const st = hardwareStatus({ ...base, model: 'llama-3.1-70b', gpu: 'a100-80gb-sxm', precision: 'fp8' });
    expect(st.ok).toBe(false);
    if (st.ok) return;
    expect(st.reason).toMatch(/no FP8 tensor cores/);
    expect(st.fixes.map((f) => f.label)).toEqual(['Use INT4', 'Use BF16 on 2 GPUs', 'Use the H100 SXM']);
  });

  it('offers a bigger GPU when nothing fits on eight of this one (405B on L4)', () => {
    const s = { ...base, model: 'llama-3.1-405b', gpu: 'l4' };
    const fixes = hardwareFixes(s);
    expect(fixes.length).toBeGreaterThan(0);
    for (const f of fixes) expect(hardwareStatus({ ...s, ...f.patch }).ok, f.label).toBe(true);
    const st = hardwareStatus(s);
    expect(st.ok).toBe(false);
    if (!st.ok) expect(st.suggestion).toMatch(/H200 SXM 141GB/);
  });

  it('offers a TP the heads allow', () => {
    expect(hardwareFixes({ ...base, model: 'qwen2.5-7b', tp: 8 })[0]).toEqual({ label: 'Use TP 4', patch: { tp: 4 } });
  });

  it('rewords command-line suggestions for the page', () => {
    expect(pageWording('Try --tp 2, or fp8/int4.')).toBe('Try TP 2, or fp8/int4.');
    expect(pageWording('try a GPU with more memory: h200, b200.')).toBe('try a GPU with more memory: H200 SXM 141GB, B200 180GB.');
    expect(pageWording('h100-sxm, h100-pcie')).toBe('H100 SXM 80GB, H100 PCIe 80GB');
  });
});
