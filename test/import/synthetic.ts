/**
 * Synthetic benchmark files of every supported format, with known values, for
 * the 100,000-request import test and `scripts/bench-import.ts`.
 * Request i: sent at i × `sendGapMs`, TTFT = 100 + (i mod 7) ms, then
 * `chunks − 1` more chunks `gapMs` apart, one token per chunk, prompt 64 tokens.
 */
export interface SyntheticSpec {
  requests: number;
  chunks: number;
  gapMs: number;
  sendGapMs: number;
}

export const DEFAULT_SPEC: SyntheticSpec = { requests: 100_000, chunks: 8, gapMs: 20, sendGapMs: 10 };

export const ttftOf = (i: number): number => 100 + (i % 7);

/** vLLM `--save-detailed` result JSON. */
export function syntheticVllm(spec: SyntheticSpec = DEFAULT_SPEC): string {
  const n = spec.requests;
  const ttfts: number[] = [];
  const itls: number[][] = [];
  const latencies: number[] = [];
  const starts: number[] = [];
  const gaps = new Array(spec.chunks - 1).fill(spec.gapMs / 1000);
  for (let i = 0; i < n; i++) {
    ttfts.push(ttftOf(i) / 1000);
    itls.push(gaps);
    latencies.push((ttftOf(i) + (spec.chunks - 1) * spec.gapMs) / 1000);
    starts.push(1000 + (i * spec.sendGapMs) / 1000);
  }
  const lastEnd = (n - 1) * spec.sendGapMs + ttftOf(n - 1) + (spec.chunks - 1) * spec.gapMs;
  return JSON.stringify({
    duration: lastEnd / 1000, completed: n, failed: 0, ttfts, itls, latencies, start_times: starts,
    output_lens: new Array(n).fill(spec.chunks), input_lens: new Array(n).fill(64), errors: new Array(n).fill(''),
  });
}

/** GenAI-Perf profile_export.json (OpenAI chat SSE responses, one per chunk, plus [DONE]). */
export function syntheticGenaiPerf(spec: SyntheticSpec = DEFAULT_SPEC): string {
  const base = 1_700_000_000_000_000_000;
  const chunk = (k: number) => `{"response":"data: {\\"object\\":\\"chat.completion.chunk\\",\\"choices\\":[{\\"index\\":0,\\"delta\\":{\\"content\\":\\"t${k}\\"}}]}\\n\\n"}`;
  const parts: string[] = [];
  for (let i = 0; i < spec.requests; i++) {
    const t0 = base + i * spec.sendGapMs * 1e6;
    const ts: number[] = [];
    const outs: string[] = [];
    for (let k = 0; k < spec.chunks; k++) {
      ts.push(t0 + (ttftOf(i) + k * spec.gapMs) * 1e6);
      outs.push(chunk(k));
    }
    ts.push(ts[ts.length - 1] + 1e6);
    outs.push('{"response":"data: [DONE]\\n\\n"}');
    parts.push(`{"timestamp":${t0},"request_inputs":{"payload":"{}"},"response_timestamps":[${ts.join(',')}],"response_outputs":[${outs.join(',')}]}`);
  }
  return `{"service_kind":"openai","endpoint":"v1/chat/completions","experiments":[{"experiment":{"mode":"concurrency","value":16},"requests":[${parts.join(',')}]}]}`;
}

/** AIPerf profile_export.jsonl. */
export function syntheticAiperf(spec: SyntheticSpec = DEFAULT_SPEC): string {
  const lines: string[] = [];
  const icl = new Array(spec.chunks - 1).fill(spec.gapMs).join(',');
  for (let i = 0; i < spec.requests; i++) {
    const start = 1_700_000_000_000_000_000 + i * spec.sendGapMs * 1e6;
    const lat = ttftOf(i) + (spec.chunks - 1) * spec.gapMs;
    lines.push(
      `{"metadata":{"session_num":${i},"x_request_id":"r${i}","request_start_ns":${start},"request_end_ns":${start + lat * 1e6},"benchmark_phase":"profiling"},` +
        `"metrics":{"input_sequence_length":{"value":64,"unit":"tokens"},"time_to_first_token":{"value":${ttftOf(i)},"unit":"ms"},"request_latency":{"value":${lat},"unit":"ms"},` +
        `"inter_chunk_latency":{"value":[${icl}],"unit":"ms"},"output_sequence_length":{"value":${spec.chunks},"unit":"tokens"}},"error":null}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** llmperf individual responses. */
export function syntheticLlmperf(spec: SyntheticSpec = DEFAULT_SPEC): string {
  const items: string[] = [];
  for (let i = 0; i < spec.requests; i++) {
    const e2e = (ttftOf(i) + (spec.chunks - 1) * spec.gapMs) / 1000;
    items.push(`{"error_code":null,"error_msg":"","inter_token_latency_s":${e2e / spec.chunks},"ttft_s":${ttftOf(i) / 1000},"end_to_end_latency_s":${e2e},"request_output_throughput_token_per_s":${spec.chunks / e2e},"number_total_tokens":${64 + spec.chunks},"number_output_tokens":${spec.chunks},"number_input_tokens":64}`);
  }
  return `[${items.join(',')}]`;
}

/** The lab's per-request CSV. */
export function syntheticLabCsv(spec: SyntheticSpec = DEFAULT_SPEC): string {
  const lines = ['# latency-lab per-request v1', 'request_id,send_ms,ttft_ms,e2e_ms,output_tokens,input_tokens,chunk_ms,error'];
  for (let i = 0; i < spec.requests; i++) {
    const chunks: number[] = [];
    for (let k = 0; k < spec.chunks; k++) chunks.push(ttftOf(i) + k * spec.gapMs);
    lines.push(`${i},${i * spec.sendGapMs},${chunks[0]},${chunks[chunks.length - 1]},${spec.chunks},64,${chunks.join(';')},`);
  }
  return `${lines.join('\n')}\n`;
}

export const SYNTHETIC_FORMATS = {
  vllm: syntheticVllm,
  'genai-perf': syntheticGenaiPerf,
  aiperf: syntheticAiperf,
  llmperf: syntheticLlmperf,
  'lab-csv': syntheticLabCsv,
} as const;
