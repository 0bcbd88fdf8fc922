/**
 * Expert parallelism (EP) for mixture-of-experts models: the experts of each
 * MoE layer are placed whole across the tensor-parallel group's GPUs (E/N
 * each) instead of every expert being sharded N ways; attention and the dense
 * layers stay tensor-parallel on the same GPUs. EP size = TP size, as vLLM's
 * `--enable-expert-parallel` sets it with one data-parallel rank (EP = TP × DP).
 *
 * What changes, per GPU, per MoE layer:
 * - communication: the MLP's all-reduce becomes an all-to-all dispatch of each
 *   token's hidden state to the GPUs of its top-k experts and a combine back;
 * - weights read: each GPU reads only its own experts that the batch routes
 *   to, whole. On average that is the same bytes as TP's slice of every routed
 *   expert, but a step waits for the busiest GPU, so load imbalance costs time;
 * - expert compute: the same on average, again paced by the busiest GPU.
 * Memory is unchanged: E/N whole experts take the bytes of a 1/N slice of all E.
 *
 * How the imbalance is modelled: routing is uniform and independent across
 * tokens (the lab's assumption for MoE decode already, `expectedExpertsTouched`),
 * so the imbalance is the statistical one of a finite batch: the expected
 * maximum over N GPUs. Real routing is skewed toward popular experts, which
 * makes it worse; DeepSeek's EPLB duplicates hot experts to even it out
 * (DeepSeek-V3 report §3.4). Neither skew nor redundant experts is modelled.
 */
import type { ModelConfig } from './models';

/** Where the lever's behaviour is read, per engine, and what the imbalance model leans on. */
export const EXPERT_PARALLEL_SOURCES = {
  vllm: '--enable-expert-parallel: experts on separate GPUs, EP size = TP × DP (docs.vllm.ai/en/latest/serving/expert_parallel_deployment/)',
  sglang: '--ep-size (--expert-parallel-size), formerly --enable-ep-moe: expert weights distributed across devices, tokens moved by all-to-all dispatch and combine (docs.sglang.io/advanced_features/expert_parallelism.html)',
  trtllm: 'moe_expert_parallel_size: "Expert Parallel evenly distributes some of the experts\' full weight to different GPUs", against Tensor Parallel splitting each expert (nvidia.github.io/TensorRT-LLM/advanced/expert-parallelism.html)',
  llamacpp: 'llama.cpp splits a model across GPUs by layers or by rows (--split-mode layer|row, tools/server/README.md) and has no expert-parallel mode',
  imbalance:
    'A step waits for its most loaded GPU: the straggler effect DeepSeek balances with redundant experts (DeepSeek-V3 technical report, arXiv 2412.19437, §3.4; github.com/deepseek-ai/EPLB)',
  dispatch: 'Dispatch and combine move each token\'s hidden state to and from its top-k experts\' GPUs (DeepSeek-V3 report §3.2.2; SGLang EP docs); the lab sends both in the activation precision (DeepSeek dispatches in FP8)',
} as const;

/**
 * Expected maximum of N independent standard normals, N = 1, 2, 4, 8 (order-statistic
 * tables, e.g. Harter 1961, "Expected values of normal order statistics", Biometrika 48).
 */
const NORMAL_MAX: Readonly<Record<number, number>> = { 1: 0, 2: 0.5642, 4: 1.0294, 8: 1.4236 };

/** Why expert parallelism cannot run `model` on `tp` GPUs, or null when it can. */
export function expertParallelRefusal(model: Pick<ModelConfig, 'label' | 'experts'>, tp: number): string | null {
  if (model.experts <= 1) return `${model.label} is a dense model: every token runs the same MLP, so there are no experts to place on separate GPUs.`;
  if (tp < 2) return `Expert parallelism places the experts across the tensor-parallel group's GPUs; with --tp 1 there is one GPU and nothing to split.`;
  if (model.experts % tp !== 0) return `${model.label}'s ${model.experts} experts per layer do not divide evenly over ${tp} GPUs.`;
  return null;
}

/**
 * Expected routed experts the busiest of `gpus` GPUs reads in one MoE layer
 * when `tokens` tokens each pick `k` of `experts` (uniform): each GPU holds
 * E/N experts, each touched with p = 1 − (1 − k/E)^tokens, so its count is
 * Binomial(E/N, p) (independence across experts is the approximation) and
 * E[max] = Σ_{m ≥ 1} (1 − F(m − 1)^N). Its mean over GPUs is E·p/N, TP's share.
 */
export function expectedMaxLocalExperts(experts: number, k: number, gpus: number, tokens: number): number {
  if (tokens <= 0) return 0;
  const n = Math.round(experts / gpus);
  const p = k >= experts ? 1 : 1 - Math.pow(1 - k / experts, tokens);
  if (p >= 1) return n;
  if (gpus <= 1) return n * p;
  // Summed from whichever end keeps the first term away from underflow (0.5^n at worst): touched counts
  // for p ≤ 0.5, untouched ones (max touched = n − min untouched) above.
  if (p <= 0.5) return binomialTailSum(n, p, (cdf) => 1 - Math.pow(cdf, gpus));
  return n - binomialTailSum(n, 1 - p, (cdf) => Math.pow(1 - cdf, gpus));
}

/** Σ_{m=1..n} term(F(m − 1)) for X ~ Binomial(n, p), F its CDF. */
function binomialTailSum(n: number, p: number, term: (cdf: number) => number): number {
  let pmf = Math.pow(1 - p, n);
  let cdf = pmf;
  let sum = 0;
  for (let m = 1; m <= n; m++) {
    sum += term(Math.min(1, cdf));
    pmf *= ((n - m + 1) / m) * (p / (1 - p));
    cdf += pmf;
  }
  return sum;
}

/**
 * The busiest GPU's routed (token, expert) pairs over the mean, in one MoE
 * layer: `tokens` × k pairs land on `gpus` GPUs (multinomial, normal
 * approximation: mean μ = Tk/N, sd √(Tk · (1/N)(1 − 1/N)), max ≈ μ + sd ·
 * E[max of N normals]), capped by a GPU taking every token's share it can
 * hold (min(k, E/N) pairs a token). 1 for one GPU or no tokens.
 */
export function routedLoadImbalance(experts: number, k: number, gpus: number, tokens: number): number {
  if (tokens <= 0 || gpus <= 1) return 1;
  const pairs = tokens * k;
  const mean = pairs / gpus;
  const sd = Math.sqrt(pairs * (1 / gpus) * (1 - 1 / gpus));
  const c = NORMAL_MAX[gpus] ?? Math.sqrt(2 * Math.log(gpus));
  const cap = tokens * Math.min(k, experts / gpus);
  return Math.min(cap, mean + sd * c) / mean;
}

/**
 * Bytes one GPU sends in one all-to-all (dispatch, or the combine back) of
 * one MoE layer: its 1/N of the `tokens`, each to its k experts, of which
 * (N − 1)/N live on other GPUs: tokens · k · hidden · bytes · (N − 1)/N².
 */
export function allToAllBytesPerGpu(tokens: number, k: number, hiddenSize: number, bytesPerElement: number, gpus: number): number {
  if (gpus <= 1) return 0;
  return (tokens * k * hiddenSize * bytesPerElement * (gpus - 1)) / (gpus * gpus);
}

/** The cost model's expert-parallel part (absent with EP off: the step is costed exactly as before). */
export interface ExpertParallelCost {
  /** GPUs the experts are placed on (the TP group). */
  gpus: number;
  /** One routed expert of one layer, whole, bytes (what a GPU reads for each of its experts the batch touches). */
  expertBytesWhole: number;
  /** Routed-expert matmul FLOPs of one token on one GPU on average (TP's share): 2 · MoE layers · k · expert params / N. */
  routedFlopsPerTokenPerGpu: number;
  /** Per step size (tokens): the busiest GPU's experts read and its compute over the mean (memoized: a run asks for few sizes). */
  atTokens(tokens: number): { maxLocalExperts: number; computeImbalance: number };
}

/** Builds the EP part of a cost model: `expertBytesWhole` per expert, `routedFlopsPerToken` over the whole group. */
export function expertParallelCost(model: Pick<ModelConfig, 'experts' | 'expertsPerToken'>, gpus: number, expertBytesWhole: number, routedFlopsPerToken: number): ExpertParallelCost {
  const memo = new Map<number, { maxLocalExperts: number; computeImbalance: number }>();
  return {
    gpus,
    expertBytesWhole,
    routedFlopsPerTokenPerGpu: routedFlopsPerToken / gpus,
    atTokens(tokens) {
      let hit = memo.get(tokens);
      if (!hit) {
        hit = {
          maxLocalExperts: expectedMaxLocalExperts(model.experts, model.expertsPerToken, gpus, tokens),
          computeImbalance: routedLoadImbalance(model.experts, model.expertsPerToken, gpus, tokens),
        };
        memo.set(tokens, hit);
      }
      return hit;
    },
  };
}
