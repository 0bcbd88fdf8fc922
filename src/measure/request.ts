import { readOpenAiChunk } from '../import/openaiChunk';
import type { ImportedRequest } from '../import/types';
import { endpointUrl, type MeasureOptions } from './options';
import { syntheticPrompt } from './prompt';
import { sseEvents } from './sse';

/** One measured request, before the run places it in time. */
export interface MeasuredRequest {
  /** Times are ms from this request's send. `sendMs` is filled by the run. */
  request: ImportedRequest;
  /** True when the server reported `usage.completion_tokens`. */
  usageReported: boolean;
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

/** A readable reason for a fetch/stream failure. */
function describeFailure(e: unknown, url: string, reason: 'timeout' | 'abort' | null, timeoutMs: number, chunks: number): { message: string; fatal: boolean } {
  if (reason === 'timeout') return { message: `timed out after ${timeoutMs} ms${chunks > 0 ? ` (${chunks} chunks received)` : ''}`, fatal: false };
  if (reason === 'abort') return { message: 'stopped', fatal: false };
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
 * Sends one streaming request and times it at the client: TTFT at the first
 * chunk that carries generated text (a role-only or empty chunk is not a
 * token), E2E at the last such chunk, one chunk time per content chunk.
 * Output tokens come from the server's usage (a chunk is not a token), else
 * from the number of content chunks (`usageReported` false). Never throws.
 */
export async function measureRequest(o: MeasureOptions, index: number, outer?: AbortSignal, now: () => number = () => performance.now()): Promise<MeasuredRequest> {
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
    fatal,
  });
  try {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
    if (o.apiKey) headers.authorization = `Bearer ${o.apiKey}`;
    const t0 = now();
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(requestBody(o, index)), signal: controller.signal });
    if (!res.ok) {
      const text = (await res.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 300);
      const fatal = res.status === 401 || res.status === 403 || res.status === 404;
      return fail(`HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''} from ${url}${text ? `: ${text}` : ''}`, fatal);
    }
    if (!res.body) return fail('the response has no body to stream');
    if ((res.headers.get('content-type') ?? '').includes('application/json')) {
      // Not a stream: a server that ignored stream: true, or an error object with status 200.
      const text = await res.text().catch(() => '');
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
      if (c.text.length > 0) chunkMs.push(ev.atMs - t0);
      if (c.completionTokens !== null) usage = c.completionTokens;
      if (c.promptTokens !== null) promptTokens = c.promptTokens;
    }
    if (chunkMs.length === 0) return fail('the stream ended without any generated text');
    return {
      request: {
        id: String(index),
        sendMs: null,
        ttftMs: chunkMs[0],
        e2eMs: chunkMs[chunkMs.length - 1],
        outputTokens: usage ?? chunkMs.length,
        inputTokens: promptTokens,
        chunkMs,
        error: null,
      },
      usageReported: usage !== null,
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
