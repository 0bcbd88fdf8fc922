import { readOpenAiChunk } from '../import/openaiChunk';
import type { ImportedRequest } from '../import/types';
import { endpointUrl, type MeasureOptions } from './options';
import { syntheticPrompt } from './prompt';
import { SseLimitError, sseEvents } from './sse';

/** One measured request, before the run places it in time. */
export interface MeasuredRequest {
  /** Times are ms from this request's send. `sendMs` is filled by the run. */
  request: ImportedRequest;
  /** True when the server reported `usage.completion_tokens` and it was believable (so the output tokens are the server's count). */
  usageReported: boolean;
  /** Why the server's usage was not believed (e.g. more tokens than max_tokens), or null. */
  usageProblem: string | null;
  /** True when the request timed out (the run stops when the warm-up does). */
  timedOut: boolean;
  /** True when the failure means the endpoint itself is unusable (refused, DNS, 401/403/404): the run stops. */
  fatal: boolean;
}

/** The request body: streaming with usage, `max_tokens`, and `ignore_eos` when asked. */
export function requestBody(o: MeasureOptions, index: number): Record<string, unknown> {
  const prompt = syntheticPrompt(o.promptTokens, index);
  return {
    model: o.model,
    ...(o.endpoint === 'chat' ? { messages: [{ role: 'user', content: prompt }] } : { prompt }),
    max_tokens: o.outputTokens,
    stream: true,
    stream_options: { include_usage: true },
    ...(o.ignoreEos ? { ignore_eos: true } : {}),
  };
}

/** `message` with every occurrence of the API key replaced, so a server echoing it cannot leak it. */
export function redact(message: string, apiKey: string | undefined): string {
  return apiKey && apiKey.length >= 4 ? message.split(apiKey).join('***') : message;
}

/**
 * Why a usage count cannot be true, or null: a count that is not a whole
 * number, is negative, exceeds `max_tokens`, or is below the content chunks
 * seen (each chunk with text carries at least one token).
 */
export function implausibleUsage(completionTokens: number, contentChunks: number, maxTokens: number): string | null {
  if (!Number.isInteger(completionTokens) || completionTokens < 0) return `completion_tokens ${completionTokens} is not a token count`;
  if (completionTokens > maxTokens) return `completion_tokens ${completionTokens} is more than max_tokens ${maxTokens}`;
  if (completionTokens < contentChunks) return `completion_tokens ${completionTokens} is fewer than the ${contentChunks} chunks with text`;
  return null;
}

/** At most `maxBytes` of a body as text (an error page may be huge); never throws. */
async function readCapped(res: Response, maxBytes: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    while (bytes < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // a body that breaks off: keep what arrived
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text;
}

/** A redirect's target for a message: origin and path, without a query that may hold a token. */
function redirectTarget(location: string, from: string): string {
  try {
    const u = new URL(location, from);
    return `${u.origin}${u.pathname}`;
  } catch {
    return 'an unreadable location';
  }
}

/** A readable reason for a fetch/stream failure. */
function describeFailure(e: unknown, url: string, reason: 'timeout' | 'abort' | null, timeoutMs: number, chunks: number): { message: string; fatal: boolean } {
  if (reason === 'timeout') return { message: `timed out after ${timeoutMs} ms${chunks > 0 ? ` (${chunks} chunks received)` : ''}`, fatal: false };
  if (reason === 'abort') return { message: 'stopped', fatal: false };
  if (e instanceof SseLimitError) return { message: `${e.message}${chunks > 0 ? ` (after ${chunks} chunks)` : ''}`, fatal: false };
  const err = e as { message?: string; cause?: { code?: string; message?: string } };
  const code = err?.cause?.code;
  const origin = new URL(url).origin;
  if (chunks > 0) return { message: `the stream broke off after ${chunks} chunks (${err?.cause?.message ?? err?.message ?? 'connection closed'})`, fatal: false };
  if (/bad port/i.test(`${err?.cause?.message ?? ''} ${err?.message ?? ''}`)) return { message: `${origin} uses a port that fetch refuses to contact (a browser safety list): serve on another port`, fatal: true };
  if (code === 'ECONNREFUSED') return { message: `connection refused by ${origin}: is the server running, and is the URL right?`, fatal: true };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { message: `cannot resolve the host of ${origin}`, fatal: true };
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return { message: `the connection to ${origin} was reset before a response`, fatal: false };
  if (err?.message === 'Failed to fetch' || err?.message === 'Load failed' || err?.message === 'NetworkError when attempting to fetch resource.') {
    return { message: `could not reach ${origin} (network error, or the server does not allow this page's origin: CORS)`, fatal: true };
  }
  return { message: `request to ${origin} failed (${err?.cause?.message ?? err?.message ?? String(e)})`, fatal: code !== undefined };
}

/**
 * The clock and transport a measurement uses. Both default to the real ones
 * (`performance.now`, global `fetch`); tests pass a virtual clock and a fake
 * transport so timing logic is checked exactly, whatever the machine's load.
 */
export interface MeasureIo {
  /** Clock in ms. */
  now?: () => number;
  /** Sends the request (same contract as `fetch`). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

/**
 * Sends one streaming request and times it at the client: TTFT at the first
 * chunk that carries generated text (a role-only or empty chunk is not a
 * token), E2E at the last such chunk, one chunk time per content chunk.
 * Output tokens come from the server's usage (a chunk is not a token), else
 * from the number of content chunks (`usageReported` false). Never throws.
 */
export async function measureRequest(o: MeasureOptions, index: number, outer?: AbortSignal, io: MeasureIo = {}): Promise<MeasuredRequest> {
  const now = io.now ?? (() => performance.now());
  const send = io.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  const url = endpointUrl(o);
  const controller = new AbortController();
  let reason: 'timeout' | 'abort' | null = null;
  const onAbort = () => {
    reason = 'abort';
    controller.abort();
  };
  if (outer?.aborted) onAbort();
  outer?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    reason = 'timeout';
    controller.abort();
  }, o.timeoutMs);
  const chunkMs: number[] = [];
  let usage: number | null = null;
  let promptTokens: number | null = null;
  const fail = (message: string, fatal = false): MeasuredRequest => ({
    request: { id: String(index), sendMs: null, ttftMs: 0, e2eMs: 0, outputTokens: 0, inputTokens: null, chunkMs: null, error: redact(message, o.apiKey) },
    usageReported: false,
    usageProblem: null,
    timedOut: reason === 'timeout',
    fatal,
  });
  // Every content chunk carries at least one token, so a stream far longer than max_tokens is not a completion.
  const maxChunks = 4 * o.outputTokens + 64;
  try {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
    if (o.apiKey) headers.authorization = `Bearer ${o.apiKey}`;
    const t0 = now();
    // Redirects are not followed: a 301/302 turns the POST into a bodyless GET to another place, which would still "complete".
    const res = await send(url, { method: 'POST', headers, body: JSON.stringify(requestBody(o, index)), signal: controller.signal, redirect: 'manual' });
    if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) {
      const location = res.headers.get('location');
      const to = location ? ` to ${redirectTarget(location, url)}` : '';
      return fail(`the server answered with a redirect (HTTP ${res.status || '3xx'}${to}); measurement requests do not follow redirects, because a redirected POST arrives as a GET, maybe at another host: use the final URL`, true);
    }
    if (!res.ok) {
      const text = (await readCapped(res, 64 * 1024)).replace(/\s+/g, ' ').trim().slice(0, 300);
      const fatal = res.status === 401 || res.status === 403 || res.status === 404;
      return fail(`HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''} from ${url}${text ? `: ${text}` : ''}`, fatal);
    }
    if (!res.body) return fail('the response has no body to stream');
    if ((res.headers.get('content-type') ?? '').includes('application/json')) {
      // Not a stream: a server that ignored stream: true, or an error object with status 200.
      const text = await readCapped(res, 1 << 20);
      let info = { error: null as string | null };
      try {
        info = readOpenAiChunk(JSON.parse(text));
      } catch {
        // not JSON either
      }
      return fail(info.error ? `server error: ${info.error}` : 'the server answered with plain JSON, not a stream (does it support stream: true?)');
    }
    for await (const ev of sseEvents(res.body, now)) {
      if (ev.data.trim() === '[DONE]') break;
      let payload: unknown;
      try {
        payload = JSON.parse(ev.data);
      } catch {
        continue; // keep-alive or non-JSON line: not a chunk
      }
      const c = readOpenAiChunk(payload);
      if (c.error) return fail(`server error mid-stream after ${chunkMs.length} chunks: ${c.error}`);
      if (c.text.length > 0) {
        chunkMs.push(ev.atMs - t0);
        if (chunkMs.length > maxChunks) return fail(`the server sent more than ${maxChunks} content chunks for max_tokens ${o.outputTokens}: not a completion stream`);
      }
      if (c.completionTokens !== null) usage = c.completionTokens;
      if (c.promptTokens !== null) promptTokens = c.promptTokens;
    }
    if (chunkMs.length === 0) return fail('the stream ended without any generated text');
    const usageProblem = usage === null ? null : implausibleUsage(usage, chunkMs.length, o.outputTokens);
    const trusted = usage !== null && usageProblem === null;
    return {
      request: {
        id: String(index),
        sendMs: null,
        ttftMs: chunkMs[0],
        e2eMs: chunkMs[chunkMs.length - 1],
        outputTokens: trusted ? (usage as number) : chunkMs.length,
        inputTokens: promptTokens !== null && Number.isInteger(promptTokens) && promptTokens >= 0 && promptTokens <= 10_000_000 ? promptTokens : null,
        chunkMs,
        error: null,
      },
      usageReported: trusted,
      usageProblem,
      timedOut: false,
      fatal: false,
    };
  } catch (e) {
    const { message, fatal } = describeFailure(e, url, reason, o.timeoutMs, chunkMs.length);
    return fail(message, fatal);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}
