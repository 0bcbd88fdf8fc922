import { describe, expect, it } from 'vitest';
import { hardwareProfile } from '../../src/engine/profiles/roofline';
import { expertParallelNote, expertParallelOptions } from '../../src/views/controls/ExpertParallelLever';
import { hardwareFixes } from '../../src/views/controls/server/hardwareOptions';
import { expertsText } from '../../src/views/server/expertsText';

const details = (model: string, tp: number, expertParallel: boolean, precision = 'bf16') => {
  const r = hardwareProfile({ model, gpu: 'h100-sxm', precision, tp, expertParallel });
  if (!r.ok) throw new Error(r.reason);
  return r.details;
};

describe('the experts on the page', () => {
  it('the server view says whether the experts are split or whole, and says nothing for a dense model', () => {
    expect(expertsText(details('mixtral-8x7b', 2, true))).toMatch(/^Experts split across the GPUs \(expert parallel\): 8 experts a layer, 2 routed to each token; each of the 2 GPUs holds 4 of them whole/);
    expect(expertsText(details('mixtral-8x7b', 2, false))).toMatch(/^Experts sharded \(tensor parallel\): .* every GPU holds 1\/2 of each expert/);
    expect(expertsText(details('mixtral-8x7b', 1, false, 'fp8'))).toMatch(/all on the one GPU/);
    expect(expertsText(details('llama-3.1-8b', 1, false))).toBeNull();
  });

  it('the control offers Whole only where the lab runs it, with the reason otherwise', () => {
    expect(expertParallelOptions('llama-3.1-8b', 2, null)).toEqual([]);
    expect(expertParallelOptions('mixtral-8x7b', 2, 'vllm').map((o) => o.unavailable)).toEqual([null, null]);
    expect(expertParallelOptions('mixtral-8x7b', 1, null)[1].unavailable).toMatch(/with TP 1 there is one GPU/);
    expect(expertParallelOptions('mixtral-8x7b', 2, 'llamacpp')[1].unavailable).toMatch(/llama.cpp .* no expert parallelism/);
    expect(expertParallelNote(8, 2)).toMatch(/each GPU holds 4 of the 8 experts of each layer/);
    expect(expertParallelNote(8, 1)).toMatch(/^On one GPU every expert is whole already/);
  });

  it('a refused placement offers to turn it off, or the GPUs it needs', () => {
    const base = { model: 'mixtral-8x7b', gpu: 'h100-sxm', precision: 'fp8', tp: 1, kvPrecision: 'auto', expertParallel: 'on' as const };
    expect(hardwareFixes(base).map((f) => f.label)).toEqual(['Turn expert parallelism off', 'Use TP 2']);
    expect(hardwareFixes({ ...base, model: 'llama-3.1-8b', precision: 'bf16', tp: 2 }).map((f) => f.label)).toEqual(['Turn expert parallelism off']);
  });
});
