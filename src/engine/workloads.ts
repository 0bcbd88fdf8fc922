import type { Workload } from './types';

/** Default relative spread of prompt and output lengths for named workloads. */
export const DEFAULT_SPREAD = 0.2;

/**
 * The lesson's workloads. Prompt and output means in tokens.
 *
 * Chat is 1,000 in / 250 out because a chatbot turn resends the system prompt
 * and the conversation so far (a few hundred tokens of instructions plus a few
 * turns of history), while a reply is a few short paragraphs: ShareGPT- and
 * LMSYS-style traces put single replies at roughly 200–300 tokens.
 */
export const WORKLOADS: readonly Workload[] = [
  { id: 'autocomplete', label: 'Code autocomplete', promptTokens: 400, outputTokens: 12, spread: DEFAULT_SPREAD },
  { id: 'chat', label: 'Chatbot reply', promptTokens: 1000, outputTokens: 250, spread: DEFAULT_SPREAD },
  { id: 'summarize', label: 'Summarize a long doc', promptTokens: 16000, outputTokens: 200, spread: DEFAULT_SPREAD },
  { id: 'report', label: 'Write a long report', promptTokens: 800, outputTokens: 1500, spread: DEFAULT_SPREAD },
];

/** Ids accepted for a workload, including `custom`. */
export const WORKLOAD_IDS = ['autocomplete', 'chat', 'summarize', 'report', 'custom'] as const;

/** A named workload by id, or undefined. */
export function workloadById(id: string): Workload | undefined {
  return WORKLOADS.find((w) => w.id === id);
}

/** A custom workload with the given mean lengths in tokens. */
export function customWorkload(promptTokens: number, outputTokens: number, spread = DEFAULT_SPREAD): Workload {
  return { id: 'custom', label: 'Custom', promptTokens, outputTokens, spread };
}
