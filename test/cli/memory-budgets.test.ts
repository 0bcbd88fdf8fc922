/**
 * Hand-worked KV budgets per engine preset, from each engine's documented
 * defaults (sources in src/engine/engines/presets.ts), checked through the
 * CLI's `memory` JSON. Every figure below is written out, not read from the
 * code under test.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';

function predict(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = run(['predict', '--requests', '20', '--users', '1', '--json', ...argv], (s) => out.push(s), (s) => err.push(s));
  expect(status, err.join('\n')).toBe(0);
  return JSON.parse(out.join('\n'));
}

const GIB = 2 ** 30;
/** H100 SXM: 80 GiB. */
const M = 80 * GIB;
/** The lab's runtime figure (CUDA context, NCCL/cuBLAS workspaces) for every preset. */
const RUNTIME = 1e9;

// Llama-3.1-8B, BF16, TP 1: 8,030,261,248 parameters × 2 bytes.
const W8 = 8_030_261_248 * 2; // 16,060,522,496
// KV of one token, 16-bit: 2 (K and V) × 32 layers × 8 KV heads × 128 × 2 bytes.
const KV8 = 2 * 32 * 8 * 128 * 2; // 131,072
// Activations per token of a step: (6 × hidden 4096 + 3 × ffn 14336) × 2 bytes; fp32 logits per sequence: 128,256 × 4.
const ACT8 = (6 * 4096 + 3 * 14336) * 2; // 135,168
const LOGITS8 = 128_256 * 4; // 513,024

// Llama-3.1-70B, FP8, TP 8: decoder weights 1 byte each, the two 1,050,673,152-parameter embedding tables 2 bytes.
const W70 = ((70_553_706_496 - 2 * 1_050_673_152) * 1 + 2 * 1_050_673_152 * 2) / 8; // 9,081,881,600 per GPU
// KV per token on each GPU, 16-bit: 2 × 80 layers × (8 KV heads / 8 GPUs) × 128 × 2 bytes.
const KV70 = 2 * 80 * 1 * 128 * 2; // 40,960
const ACT70 = (6 * 8192 + (3 * 28672) / 8) * 2; // 119,808
const LOGITS70 = (128_256 / 8) * 4; // 64,128

const small = ['--server', 'hardware', '--model', 'llama-3.1-8b', '--gpu', 'h100-sxm', '--precision', 'bf16', '--tp', '1'];
const big = ['--server', 'hardware', '--model', 'llama-3.1-70b', '--gpu', 'h100-sxm', '--precision', 'fp8', '--tp', '8'];

/** `kvTokens` must be ⌊kvBytes ÷ bytesPerToken⌋; one token of slack for float rounding in the order of operations. */
function expectBudget(doc: { memory: { kvTokens: number; kvBytesPerToken: number; kvGiB: number; activationsGiB: number; weightsGiB: number; gpuGiB: number; otherGiB: number }[] }, expected: { kvBytes: number; perToken: number; act: number; weights: number }) {
  const m = doc.memory[0];
  expect(m.kvBytesPerToken).toBe(expected.perToken);
  expect(Math.abs(m.kvTokens - Math.floor(expected.kvBytes / expected.perToken))).toBeLessThanOrEqual(1);
  expect(m.kvGiB).toBeCloseTo(expected.kvBytes / GIB, 2);
  expect(m.activationsGiB).toBeCloseTo(expected.act / GIB, 2);
  expect(m.weightsGiB).toBeCloseTo(expected.weights / GIB, 2);
  expect(m.gpuGiB).toBe(80);
  expect(m.weightsGiB + m.activationsGiB + m.otherGiB + m.kvGiB).toBeCloseTo(80, 2);
}

describe('vLLM: gpu_memory_utilization 0.9 of total memory holds weights, profiled activations and non-torch memory; the rest is KV', () => {
  it('8B BF16 on one H100 (big GPU: 8,192 tokens, 1,024 sequences profiled)', () => {
    const act = 8192 * ACT8 + 1024 * LOGITS8; // 1,107,296,256 + 525,336,576 = 1,632,632,832
    expectBudget(predict(...small, '--engine', 'vllm'), { kvBytes: 0.9 * M - RUNTIME - act - W8, perToken: KV8, act, weights: W8 }); // 58,616,256,000 B → 447,206 tokens
  });
  it('70B FP8 on 8 × H100 keeps a BF16 cache (--kv-cache-dtype auto = the model dtype)', () => {
    const act = 8192 * ACT70 + 1024 * LOGITS70; // 981,467,136 + 65,667,072 = 1,047,134,208
    const doc = predict(...big, '--engine', 'vllm');
    expect(doc.memory[0].kvPrecision).toBe('bf16');
    expectBudget(doc, { kvBytes: 0.9 * M - RUNTIME - act - W70, perToken: KV70, act, weights: W70 }); // 66,262,918,912 B → 1,617,747 tokens
  });
});

describe('TensorRT-LLM: weights and a profiling step first, then free_gpu_memory_fraction 0.9 of what is free', () => {
  it('8B BF16 on one H100 (max_num_tokens 8,192, max_batch_size 2,048)', () => {
    const act = 8192 * ACT8 + 2048 * LOGITS8; // 1,107,296,256 + 1,050,673,152 = 2,157,969,408
    expectBudget(predict(...small, '--engine', 'trtllm'), { kvBytes: 0.9 * (M - RUNTIME - act - W8), perToken: KV8, act, weights: W8 }); // 60,012,768,614 B → 457,861 tokens
  });
  it('70B FP8 on 8 × H100: a 16-bit cache unless a KV quantization is named', () => {
    const act = 8192 * ACT70 + 2048 * LOGITS70; // 981,467,136 + 131,334,144 = 1,112,801,280
    expectBudget(predict(...big, '--engine', 'trtllm'), { kvBytes: 0.9 * (M - RUNTIME - act - W70), perToken: KV70, act, weights: W70 });
    // An explicit FP8 cache wins over the engine's rule and halves the bytes per token.
    const fp8 = predict(...big, '--engine', 'trtllm', '--kv-precision', 'fp8');
    expect(fp8.memory[0]).toMatchObject({ kvPrecision: 'fp8', kvBytesPerToken: KV70 / 2 });
  });
});

describe('SGLang: mem_fraction_static of the memory free at start-up holds weights and KV; activations live in the rest', () => {
  it('8B BF16 on one H100: 0.88', () => {
    const act = 8192 * ACT8 + 2048 * LOGITS8; // reported, not taken from the KV pool
    expectBudget(predict(...small, '--engine', 'sglang'), { kvBytes: 0.88 * (M - RUNTIME) - W8, perToken: KV8, act, weights: W8 }); // 58,650,901,914 B → 447,470 tokens
  });
  it('70B FP8 on 8 × H100: 0.81 at TP 8', () => {
    const act = 8192 * ACT70 + 2048 * LOGITS70;
    expectBudget(predict(...big, '--engine', 'sglang'), { kvBytes: 0.81 * (M - RUNTIME) - W70, perToken: KV70, act, weights: W70 });
  });
});

describe('llama.cpp: the lab gives it vLLM\'s rule; its cache is f16', () => {
  it('8B BF16 on one H100 (2,048-token batches, 4 slots)', () => {
    const act = 2048 * ACT8 + 4 * LOGITS8; // 276,824,064 + 2,052,096 = 278,876,160
    const doc = predict(...small, '--engine', 'llamacpp');
    expect(doc.memory[0].kvPrecision).toBe('fp16');
    expectBudget(doc, { kvBytes: 0.9 * M - RUNTIME - act - W8, perToken: KV8, act, weights: W8 });
  });
  it('70B FP8 on 8 × H100', () => {
    const act = 2048 * ACT70 + 4 * LOGITS70; // 245,366,784 + 256,512 = 245,623,296
    expectBudget(predict(...big, '--engine', 'llamacpp'), { kvBytes: 0.9 * M - RUNTIME - act - W70, perToken: KV70, act, weights: W70 });
  });
});

describe('the memory field', () => {
  it('no engine keeps the old rule (FP8 weights, FP8 KV; 256 sequences); the lesson server has no budget', () => {
    const act = 8192 * ACT70 + 256 * LOGITS70;
    const doc = predict(...big);
    expect(doc.memory[0].kvPrecision).toBe('fp8');
    expectBudget(doc, { kvBytes: 0.9 * M - RUNTIME - act - W70, perToken: KV70 / 2, act, weights: W70 });
    expect(doc.scenario.kvCapacityTokens).toBe(doc.memory[0].kvTokens);
    expect(predict().memory).toBeNull();
  });
  it('one entry per instance in a cluster, each with the instance\'s role', () => {
    const doc = predict(...small, '--engine', 'vllm', '--prefill-gpus', '1', '--decode-gpus', '1');
    expect(doc.memory.map((m: { role: string }) => m.role)).toEqual(['prefill', 'decode']);
    expect(doc.memory[0].kvTokens).toBe(doc.memory[1].kvTokens);
  });
});

describe('--help says what the memory share means on each engine', () => {
  it('names the rule of vLLM, TensorRT-LLM, SGLang and llama.cpp', () => {
    const out: string[] = [];
    run(['--help'], (s) => out.push(s), () => {});
    const line = out.join('\n').split('\n').find((l) => l.includes('--gpu-memory-utilization')) ?? '';
    expect(line).toMatch(/vLLM, share of total memory/);
    expect(line).toMatch(/TensorRT-LLM, share of the memory still free after weights/);
    expect(line).toMatch(/SGLang, share of the memory free at start-up for weights and KV/);
    expect(line).toMatch(/llama\.cpp/);
  });
});
