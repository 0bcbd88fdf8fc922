import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTrace, replayTrace, traceRatePerSec, type RequestTrace } from '../../src/import/trace';

const ok = (text: string): RequestTrace => {
  const r = parseTrace(text);
  if (!r.ok) throw new Error(r.error);
  return r.trace;
};
const error = (text: string): string => {
  const r = parseTrace(text);
  if (r.ok) throw new Error('parsed');
  return r.error;
};

describe('request traces: each format', () => {
  it('Azure: timestamps to seconds from the first request, keeping the 7 fraction digits', () => {
    const t = ok('TIMESTAMP,ContextTokens,GeneratedTokens\n2023-11-16 18:17:03.9799600,4808,10\n2023-11-16 18:17:04.0319600,3180,8\n2023-11-16 18:18:03.9799601,12,1\n');
    expect(t.format).toBe('azure');
    expect(t.sendS[0]).toBe(0);
    expect(t.sendS[1]).toBeCloseTo(0.052, 9);
    expect(t.sendS[2]).toBeCloseTo(60.0000001, 6);
    expect(t.promptTokens).toEqual([4808, 3180, 12]);
    expect(t.outputTokens).toEqual([10, 8, 1]);
    expect(t.notes).toEqual([]);
  });

  it('BurstGPT: seconds as given; failed requests (0 response tokens) left out with their lines', () => {
    const t = ok('Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type\n5,ChatGPT,472,18,490,Conversation log\n45,ChatGPT,1087,0,1087,Conversation log\n118,GPT-4,417,276,693,API log\n');
    expect(t.format).toBe('burstgpt');
    expect(t.sendS).toEqual([0, 113]);
    expect(t.promptTokens).toEqual([472, 417]);
    expect(t.notes[0]).toMatch(/1 request with no output tokens \(failed requests\) left out: line 3\./);
  });

  it('plain CSV and JSONL give the same trace; CRLF and a BOM are fine', () => {
    const csv = ok('\ufeffsend_s,prompt_tokens,output_tokens\r\n0,100,10\r\n0.5,200,20\r\n');
    const jsonl = ok('{"send_s":0,"prompt_tokens":100,"output_tokens":10}\n{"send_s":0.5,"prompt_tokens":200,"output_tokens":20}\n');
    expect(csv.format).toBe('plain-csv');
    expect(jsonl.format).toBe('jsonl');
    expect(jsonl.sendS).toEqual(csv.sendS);
    expect(jsonl.promptTokens).toEqual(csv.promptTokens);
    expect(jsonl.outputTokens).toEqual(csv.outputTokens);
  });

  it('rows out of time order are replayed in order, and say so', () => {
    const t = ok('send_s,prompt_tokens,output_tokens\n2,3,3\n1,2,2\n1,1,1\n');
    expect(t.sendS).toEqual([0, 0, 1]);
    expect(t.promptTokens).toEqual([2, 1, 3]);
    expect(t.notes.join(' ')).toMatch(/not in time order/);
  });
});

describe('request traces: malformed rows name their line', () => {
  it.each([
    ['', /the trace is empty/],
    ['time,in,out\n1,2,3\n', /^line 1: not a trace header/],
    ['send_s,prompt_tokens,output_tokens\n0,10,5\nsoon,10,5\n', /^line 3: the send time is not a time/],
    ['send_s,prompt_tokens,output_tokens\n0,10,5\n1,-4,5\n', /^line 3: the prompt length must be a whole number/],
    ['send_s,prompt_tokens,output_tokens\n0,10,5\n1,10.5,5\n', /^line 3: the prompt length/],
    ['send_s,prompt_tokens,output_tokens\n0,10,5\n1,10\n', /^line 3: 2 columns where the header has 3/],
    ['send_s,prompt_tokens,output_tokens\n0,10,9999999\n', /^line 2: the output length must be a whole number of tokens from 0 to 2,000,000/],
    ['TIMESTAMP,ContextTokens,GeneratedTokens\n2023-11-16 18:17:03.97,10,5\nyesterday,10,5\n', /^line 3: the send time is not a time/],
    ['{"send_s":0,"prompt_tokens":1,"output_tokens":1}\n{"send_s":1,\n', /^line 2: not JSON/],
    ['{"send_s":0,"prompt_tokens":1,"output_tokens":1}\n[1,2,3]\n', /^line 2: not an object/],
    ['send_s,prompt_tokens,output_tokens\n0,10,0\n', /no request to replay/],
  ])('%j', (text, message) => {
    expect(error(text)).toMatch(message);
  });
});

describe('replaying a trace: slices and speed', () => {
  const t = ok('send_s,prompt_tokens,output_tokens\n0,1,1\n10,2,2\n20,3,3\n30,4,4\n');

  it('a window keeps sends in [from, to) and starts the replay at its first request', () => {
    const r = replayTrace(t, { fromS: 10, toS: 30 });
    expect(r.ok && r.trace.sendS).toEqual([0, 10]);
    expect(r.ok && r.trace.promptTokens).toEqual([2, 3]);
  });

  it('speed 2 halves every gap; the mean rate doubles', () => {
    const r = replayTrace(t, { speed: 2 });
    expect(r.ok && r.trace.sendS).toEqual([0, 5, 10, 15]);
    expect(traceRatePerSec(t)).toBeCloseTo(0.1, 12);
    expect(r.ok && traceRatePerSec(r.trace)).toBeCloseTo(0.2, 12);
  });

  it('a slice with no request, a speed of 0 and a window that ends before it starts are refused', () => {
    expect(replayTrace(t, { fromS: 31 })).toEqual({ ok: false, error: 'no request of the trace is sent between 31 s and the end (the trace spans 0–30.0 s)' });
    expect(replayTrace(t, { speed: 0 }).ok).toBe(false);
    expect(replayTrace(t, { fromS: 20, toS: 10 }).ok).toBe(false);
  });
});

describe('the Azure traces in data/traces', () => {
  it.each([
    ['AzureLLMInferenceTrace_code.csv', 8819],
    ['AzureLLMInferenceTrace_conv.csv', 19366],
  ])('%s: every row reads, in time order, about an hour', (file, rows) => {
    const t = ok(readFileSync(new URL(`../../data/traces/${file}`, import.meta.url), 'utf8'));
    expect(t.format).toBe('azure');
    expect(t.sendS.length + (t.notes.length > 0 ? Number(/^(\d+)/.exec(t.notes[0])?.[1] ?? 0) : 0)).toBe(rows);
    const spanS = t.sendS[t.sendS.length - 1];
    expect(spanS).toBeGreaterThan(3000);
    expect(spanS).toBeLessThan(4000);
    expect(t.sendS.every((s, i) => i === 0 || s >= t.sendS[i - 1])).toBe(true);
  });
});
