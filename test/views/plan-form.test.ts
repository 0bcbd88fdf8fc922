import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../src/settings/schema';
import { DEFAULT_PLAN_RATE_PER_SEC, planFormFrom, readField, unpricedGpus, validatePlanForm, type PlanForm } from '../../src/views/plan/planForm';

const form = (patch: Partial<PlanForm> = {}, s: Settings = DEFAULT_SETTINGS): PlanForm => ({ ...planFormFrom(s), ...patch });

describe("the Plan section's inputs", () => {
  it("are prefilled from the lab's settings: model, the workload's lengths, its rate (else 10 req/s), its targets", () => {
    const f = planFormFrom({ ...DEFAULT_SETTINGS, workload: 'summarize', prompt: 16000, output: 200, model: 'qwen2.5-72b', rate: 3.5, ttftSlo: 2000, tpotSlo: null });
    expect(f).toMatchObject({ model: 'qwen2.5-72b', workload: 'summarize', promptTokens: '16000', outputTokens: '200', ratePerSec: '3.5', ttftSloMs: '2000', tpotSloMs: '200', inTimePct: '95' });
    expect(planFormFrom(DEFAULT_SETTINGS).ratePerSec).toBe(String(DEFAULT_PLAN_RATE_PER_SEC));
    expect(planFormFrom({ ...DEFAULT_SETTINGS, rate: Infinity }).ratePerSec).toBe(String(DEFAULT_PLAN_RATE_PER_SEC));
  });

  it("carry the lab's levers (what it changed that the plan does not set itself), which the plan runs with unless unticked", () => {
    const lab: Settings = { ...DEFAULT_SETTINGS, specMethod: 'eagle3', gpu: 'l4', rate: 3 } as Settings;
    const f = planFormFrom(lab);
    // The GPU and the rate are the plan's own; the speculative method is a lever.
    expect(f.levers).toBe('specMethod=eagle3');
    const on = validatePlanForm(f, 0.2);
    const off = validatePlanForm({ ...f, useLevers: false }, 0.2);
    expect(on.ok && on.request.levers).toBe('specMethod=eagle3');
    expect(off.ok && 'levers' in off.request).toBe(false);
    expect(planFormFrom(DEFAULT_SETTINGS).levers).toBe('');
  });

  it('plan other models beside the first, each once, as `lab plan --model a,b` does', () => {
    const r = validatePlanForm(form({ alsoModels: ['mistral-7b', 'llama-3.1-8b', 'mistral-7b', 'gpt-9'] }), 0.2);
    expect(r.ok && r.request.models).toEqual(['llama-3.1-8b', 'mistral-7b']);
    expect(planFormFrom(DEFAULT_SETTINGS).alsoModels).toEqual([]);
  });

  it('become the planner request the CLI would build', () => {
    const r = validatePlanForm(form({ prices: { 'h100-sxm': '2.5' } }), 0.2);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.request).toMatchObject({ models: ['llama-3.1-8b'], promptTokens: 1000, outputTokens: 250, ratePerSec: 10, ttftSloMs: 500, tpotSloMs: 50, inTimeShare: 0.95, maxGpus: 16, engines: ['vllm', 'trtllm'], precisions: ['bf16', 'fp8'], requests: 400, seed: 42, spread: 0.2 });
    expect(r.request.pricePerGpuHour).toEqual({ 'h100-sxm': 2.5 });
    expect(unpricedGpus(r.request)).toEqual(['a100-80gb-sxm', 'h200', 'b200', 'l40s', 'mi300x']);
  });

  it.each<[Partial<PlanForm>, string, RegExp]>([
    [{ ratePerSec: 'lots' }, 'ratePerSec', /Peak traffic: "lots" is not a number/],
    [{ ratePerSec: '' }, 'ratePerSec', /Peak traffic is empty/],
    [{ ratePerSec: 'NaN' }, 'ratePerSec', /is not a number/],
    [{ ratePerSec: '1e309' }, 'ratePerSec', /is not a number/],
    [{ ratePerSec: '1e6' }, 'ratePerSec', /more than 10000 req\/s, beyond what the lab can plan/],
    [{ ratePerSec: '-3' }, 'ratePerSec', /is not a number/],
    [{ promptTokens: '1.5' }, 'promptTokens', /must be a whole number/],
    [{ outputTokens: '0' }, 'outputTokens', /0 tokens is below 1 tokens/],
    [{ ttftSloMs: '0' }, 'ttftSloMs', /below 1 ms/],
    [{ inTimePct: '120' }, 'inTimePct', /more than 100 %/],
    [{ maxGpus: '1000' }, 'maxGpus', /more than 64 GPUs/],
    [{ gpus: [] }, 'gpus', /at least one GPU/],
    [{ engines: [] }, 'engines', /at least one engine/],
    [{ model: 'gpt-9' }, 'model', /not a model of the catalog/],
    [{ prices: { l40s: 'free' } }, 'price.l40s', /Price of the L40S 48GB: "free" is not a number/],
    [{ prices: { l40s: '5000' } }, 'price.l40s', /more than 100 USD per hour/],
  ])('refuse %j with the reason', (patch, field, message) => {
    const r = validatePlanForm(form(patch), 0.2);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const e = r.errors.find((x) => x.field === field);
    expect(e?.message).toMatch(message);
    // What the page says of its own never reads NaN or Infinity (the user's own text is quoted back).
    expect(r.errors.map((x) => x.message.replace(/"[^"]*"/g, '')).join(' ')).not.toMatch(/NaN|Infinity/);
  });

  it('ignore a price for a GPU that is not a candidate, and take grouped digits', () => {
    const r = validatePlanForm(form({ gpus: ['l40s'], prices: { 'h100-sxm': 'oops', l40s: '0.9' }, ratePerSec: '1,200' }), 0.2);
    expect(r.ok && r.request.pricePerGpuHour).toEqual({ l40s: 0.9 });
    expect(r.ok && r.request.ratePerSec).toBe(1200);
    expect(readField(' 12 ', 'x', 1, 20, 'ms')).toEqual({ ok: true, value: 12 });
  });
});

describe('the split the plan considers', () => {
  it('is colocated by default, may add disaggregated, and needs one of them', () => {
    const both = validatePlanForm(form({ splits: ['disaggregated', 'colocated'] }), 0.2);
    expect(both.ok && both.request.splits).toEqual(['colocated', 'disaggregated']);
    const none = validatePlanForm(form({ splits: [] }), 0.2);
    expect(!none.ok && none.errors.map((e) => e.field)).toEqual(['splits']);
    expect(planFormFrom(DEFAULT_SETTINGS).splits).toEqual(['colocated']);
  });
});

describe('the traffic the plan serves', () => {
  it('is a peak rate by default; a built-in trace names itself and its window, and the typed lengths and rate are not read', () => {
    expect(planFormFrom(DEFAULT_SETTINGS)).toMatchObject({ traffic: 'rate', traceWindow: '0:600' });
    expect(validatePlanForm(form(), 0.2)).not.toHaveProperty('traceRef');
    const r = validatePlanForm(form({ traffic: 'azure-code', traceWindow: ' 60:300 ', promptTokens: 'oops', ratePerSec: '' }), 0.2);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.traceRef).toEqual({ id: 'azure-code', window: { fromS: 60, toS: 300 } });
    // Filled in from the slice by a worker before the plan starts.
    expect([r.request.promptTokens, r.request.outputTokens, r.request.ratePerSec]).toEqual([0, 0, 0]);
    const whole = validatePlanForm(form({ traffic: 'azure-conv', traceWindow: '' }), 0.2);
    expect(whole.ok && whole.traceRef).toEqual({ id: 'azure-conv', window: { fromS: 0, toS: null } });
    const open = validatePlanForm(form({ traffic: 'azure-conv', traceWindow: '1800:' }), 0.2);
    expect(open.ok && open.traceRef).toEqual({ id: 'azure-conv', window: { fromS: 1800, toS: null } });
  });

  it('refuses a window that is not FROM:TO, or ends before it starts, and a trace that is not built in, with the reason', () => {
    const bad = validatePlanForm(form({ traffic: 'azure-code', traceWindow: '600:60' }), 0.2);
    expect(!bad.ok && bad.errors).toEqual([{ field: 'traceWindow', message: 'Trace window: the end (60 s) must come after the start (600 s); or leave it empty for the whole trace.' }]);
    const words = validatePlanForm(form({ traffic: 'azure-code', traceWindow: 'ten minutes' }), 0.2);
    expect(!words.ok && words.errors.map((e) => e.field)).toEqual(['traceWindow']);
    const unknown = validatePlanForm(form({ traffic: 'my-file' as never }), 0.2);
    expect(!unknown.ok && unknown.errors.map((e) => e.field)).toEqual(['traffic']);
  });
});
