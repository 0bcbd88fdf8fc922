/**
 * What one OpenAI-compatible streaming event carries, for both `/v1/completions`
 * (`choices[0].text`) and `/v1/chat/completions` (`choices[0].delta.content`).
 * Shared by the GenAI-Perf importer and the live measurement, so both decide
 * "does this chunk carry output?" the same way.
 */
export interface ChunkInfo {
  /** Generated text in this event ('' for role-only, empty, or usage-only chunks). Reasoning text counts as output. */
  text: string;
  /** `usage.completion_tokens` when the event carries usage (the final chunk with `stream_options.include_usage`). */
  completionTokens: number | null;
  /** `usage.prompt_tokens` when present. */
  promptTokens: number | null;
  /** The error message of an in-stream error event, or null. */
  error: string | null;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const rec = (v: unknown): Record<string, unknown> | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/** Reads one parsed `data:` payload of an OpenAI-compatible stream. Never throws. */
export function readOpenAiChunk(data: unknown): ChunkInfo {
  const d = rec(data);
  if (!d) return { text: '', completionTokens: null, promptTokens: null, error: null };
  const err = rec(d.error);
  if (err || typeof d.error === 'string') {
    const message = err ? str(err.message) || JSON.stringify(err) : str(d.error);
    return { text: '', completionTokens: null, promptTokens: null, error: message || 'error event in stream' };
  }
  let text = '';
  const choices = Array.isArray(d.choices) ? d.choices : [];
  const first = rec(choices[0]);
  if (first) {
    const delta = rec(first.delta);
    const message = rec(first.message);
    text = str(first.text) + str(delta?.content) + str(delta?.reasoning_content) + str(delta?.reasoning) + str(message?.content);
  }
  // Triton's generate endpoint streams {"text_output": "..."}.
  if (!first && typeof d.text_output === 'string') text = d.text_output;
  const usage = rec(d.usage);
  return { text, completionTokens: num(usage?.completion_tokens), promptTokens: num(usage?.prompt_tokens), error: null };
}

/**
 * The `data:` payloads of a block of SSE text (one or several events, as
 * Perf Analyzer sometimes records merged responses). `[DONE]` is dropped;
 * comments (`:`) and `event:`/`id:` lines are ignored. A payload that is not
 * JSON is returned as the raw string.
 */
export function sseDataPayloads(block: string): unknown[] {
  const out: unknown[] = [];
  for (const rawLine of block.split('\n')) {
    const line = rawLine.trim();
    if (!line.startsWith('data:')) continue;
    const payload = line.slice(5).trim();
    if (payload === '' || payload === '[DONE]') continue;
    try {
      out.push(JSON.parse(payload));
    } catch {
      out.push(payload);
    }
  }
  return out;
}
