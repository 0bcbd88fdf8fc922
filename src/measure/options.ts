import { z } from 'zod';

// No `new Function` probe (zod's JIT): the page's Content-Security-Policy forbids eval, and refusing it logs an error.
z.config({ jitless: true });

/**
 * What a live measurement sends. The API key lives only in this object in
 * memory: it is never put in a URL, stored, logged, or included in a message.
 */
export interface MeasureOptions {
  /** Server base URL, e.g. `http://127.0.0.1:8000` or `https://host/v1`; `/v1` is added when missing. */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string;
  /** `chat` → POST /v1/chat/completions, `completions` → POST /v1/completions. */
  endpoint: 'chat' | 'completions';
  /** Prompt size in tokens, approximated by a synthetic prompt of that many words (see `syntheticPrompt`). */
  promptTokens: number;
  /** `max_tokens` of each request. */
  outputTokens: number;
  /** Measured requests (the warm-up request is extra and discarded). */
  requests: number;
  /** Requests in flight at once (closed loop, no think time). */
  concurrency: number;
  /** Per-request timeout, ms (send to end of stream). */
  timeoutMs: number;
  /** Send `ignore_eos: true` (vLLM, SGLang, TGI accept it) so every answer runs to `max_tokens`. */
  ignoreEos: boolean;
  /** Send one warm-up request first and discard it (default true). */
  warmup: boolean;
}

/** Limits of the options (a lab tool, not a load generator). */
export const MEASURE_LIMITS = { maxPromptTokens: 200_000, maxOutputTokens: 32_768, maxRequests: 10_000, maxConcurrency: 256, maxTimeoutMs: 3_600_000 } as const;

/** Defaults for everything but the URL and model. */
export const MEASURE_DEFAULTS = { endpoint: 'chat', promptTokens: 256, outputTokens: 64, requests: 20, concurrency: 1, timeoutMs: 60_000, ignoreEos: true, warmup: true } as const;

const whole = (name: string, min: number, max: number) =>
  z.number({ error: `${name}: expected a whole number from ${min} to ${max}` })
    .int({ error: `${name}: expected a whole number from ${min} to ${max}` })
    .min(min, { error: `${name}: expected a whole number from ${min} to ${max}` })
    .max(max, { error: `${name}: expected a whole number from ${min} to ${max}` });

/** Validates options; keys are named as the UI fields and CLI flags say (`url`, `prompt`, …) in messages. */
export const measureOptionsSchema = z.object({
  baseUrl: z.string().refine((u) => {
    try {
      const p = new URL(u);
      return (p.protocol === 'http:' || p.protocol === 'https:') && p.username === '' && p.password === '';
    } catch {
      return false;
    }
  }, { error: 'url: expected an http:// or https:// base URL without credentials, e.g. http://127.0.0.1:8000' }),
  model: z.string().trim().min(1, { error: 'model: expected the served model name' }),
  apiKey: z.string().optional(),
  endpoint: z.enum(['chat', 'completions'], { error: 'endpoint: expected chat or completions' }),
  promptTokens: whole('prompt', 1, MEASURE_LIMITS.maxPromptTokens),
  outputTokens: whole('output', 1, MEASURE_LIMITS.maxOutputTokens),
  requests: whole('requests', 1, MEASURE_LIMITS.maxRequests),
  concurrency: whole('concurrency', 1, MEASURE_LIMITS.maxConcurrency),
  timeoutMs: whole('timeout-ms', 100, MEASURE_LIMITS.maxTimeoutMs),
  ignoreEos: z.boolean(),
  warmup: z.boolean(),
});

/** Options checked, or the first problem as one line naming the option. */
export function validateMeasureOptions(o: MeasureOptions): { ok: true; options: MeasureOptions } | { ok: false; error: string } {
  const r = measureOptionsSchema.safeParse(o);
  if (r.success) return { ok: true, options: { ...r.data, baseUrl: r.data.baseUrl.trim() } };
  return { ok: false, error: r.error.issues[0].message };
}

/**
 * The request URL for `o`: the base URL's path with `/v1` ensured, plus the
 * endpoint path; a query string (`?api-version=…`, a gateway's key) and the
 * fragment-free rest are kept as given.
 */
export function endpointUrl(o: Pick<MeasureOptions, 'baseUrl' | 'endpoint'>): string {
  const u = new URL(o.baseUrl.trim());
  let path = u.pathname.replace(/\/+$/, '');
  if (!/\/v1$/.test(path)) path += '/v1';
  u.pathname = `${path}${o.endpoint === 'chat' ? '/chat/completions' : '/completions'}`;
  u.hash = '';
  return u.toString();
}
