/**
 * What the Serving group says about each setting: its label, a one-line
 * explanation of the trade-off, and where the value in force comes from.
 * Plain data so the component only renders it.
 */
import type { Origin, ResolvedServing } from '../../../engine/engines/resolve';

/** Label and trade-off of each serving setting. */
export const SERVING_TEXT = {
  engine: {
    label: 'Engine',
    none: 'Lab default: reserve admission, whole prefills, the server\'s batch limit.',
    /** The note when no engine is chosen on Apple silicon, where the lab default stands for llama.cpp. */
    implied: 'On Apple silicon the lab default is llama.cpp: the lab\'s own scheduler stands for a GPU server (vLLM-like), and none of those runs on a Mac\'s GPU.',
  },
  admission: {
    label: 'KV admission',
    paged: { label: 'Paged', hint: 'KV grows as tokens come; the newest request is preempted when full' },
    reserve: { label: 'Reserve', hint: 'prompt + output held from the start; never preempted' },
    tradeOff: 'Paged fits more requests at once, so less queueing, but a full cache evicts the newest request and recomputes it later: its stream stalls.',
  },
  maxBatch: {
    label: 'Batch limit',
    tradeOff: 'Most requests running at once. Bigger: more throughput, each token slower for everyone, and the queue starts later. Smaller: faster tokens, earlier queueing.',
  },
  tokenBudget: {
    label: 'Token budget per step',
    tradeOff: 'Tokens one step may carry (a prompt chunk plus one per decoding request). Bigger: prompts start sooner; smaller: the others\' tokens keep their pace.',
  },
  chunkedPrefill: {
    label: 'Chunked prefill',
    tradeOff: 'Splits long prompts into budget-sized pieces that share each step with decoding requests: a smoother pace for others, a slower first token for the long prompt.',
  },
  gpuMemoryUtilization: {
    label: 'GPU memory share',
    tradeOff: 'Share of GPU memory for weights, activations and KV (TensorRT-LLM: share of what is left after the weights). More: a bigger KV cache, so more requests fit.',
    lessonNote: 'Hardware servers only: the lesson server has a fixed 120,000-token KV cache.',
  },
} as const;

/** "vLLM default", "set here", "lab default": where a value in force comes from. */
export function originLabel(origin: Origin, serving: ResolvedServing): string {
  if (origin === 'explicit') return 'set here';
  if (origin === 'engine') return `${serving.engine?.label ?? 'engine'} default`;
  return 'lab default';
}

/** `originLabel` at the start of a sentence ("Lab default", "Set here", "vLLM default"). */
export function originSentence(origin: Origin, serving: ResolvedServing): string {
  const label = originLabel(origin, serving);
  return origin === 'engine' ? label : `${label[0].toUpperCase()}${label.slice(1)}`;
}
