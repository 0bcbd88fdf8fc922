import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRunText } from '../../src/import';

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

function errorOf(text: string): string {
  const r = parseRunText(text);
  if (r.ok) throw new Error('expected the import to fail');
  return r.error;
}

describe('malformed files name what is wrong and where', () => {
  it('GenAI-Perf: a wrong type deep inside a request', () => {
    const doc = JSON.parse(fixture('genai-perf-profile_export.json'));
    doc.experiments[0].requests[3].response_timestamps = 'soon';
    expect(errorOf(JSON.stringify(doc))).toBe('experiments[0].requests[3].response_timestamps: expected an array of numbers, got the string "soon"');
    doc.experiments[0].requests[3].response_timestamps = [1, 'x'];
    expect(errorOf(JSON.stringify(doc))).toMatch(/^experiments\[0\]\.requests\[3\]\.response_timestamps: expected an array of numbers \(item 1 is the string "x"\)/);
    delete doc.experiments[0].requests[1].timestamp;
    expect(errorOf(JSON.stringify(doc))).toMatch(/^experiments\[0\]\.requests\[1\]\.timestamp: expected a number, it is missing/);
  });

  it('GenAI-Perf: outputs and timestamps of different lengths', () => {
    const doc = JSON.parse(fixture('genai-perf-profile_export.json'));
    doc.experiments[0].requests[0].response_outputs.pop();
    expect(errorOf(JSON.stringify(doc))).toMatch(/^experiments\[0\]\.requests\[0\]: 6 response_outputs but 7 response_timestamps/);
  });

  it('vLLM: per-request lists of different lengths, and a missing field', () => {
    const doc = JSON.parse(fixture('vllm-detailed.json'));
    doc.itls.pop();
    expect(errorOf(JSON.stringify(doc))).toBe('itls: 3 entries, expected 4 (one per request, like ttfts)');
    const doc2 = JSON.parse(fixture('vllm-detailed.json'));
    doc2.itls[1] = [0.1, null];
    expect(errorOf(JSON.stringify(doc2))).toMatch(/^itls\[1\]: expected an array of inter-token gaps in seconds \(item 1 is null\)/);
    const doc3 = JSON.parse(fixture('vllm-detailed.json'));
    delete doc3.duration;
    expect(errorOf(JSON.stringify(doc3))).toMatch(/^duration: expected a number, it is missing/);
  });

  it('AIPerf JSONL: a bad record names its line', () => {
    const lines = fixture('aiperf-profile_export.jsonl').trimEnd().split('\n');
    const rec = JSON.parse(lines[2]);
    rec.metrics.time_to_first_token.value = 'fast';
    lines[2] = JSON.stringify(rec);
    expect(errorOf(lines.join('\n'))).toMatch(/^line 3: metrics\.time_to_first_token\.value: expected a number, got a string/);
    const broken = fixture('aiperf-profile_export.jsonl').split('\n');
    broken[1] = '{"metadata": oops}';
    expect(errorOf(broken.join('\n'))).toBe("line 2, column 14: not valid JSON (unexpected 'o')");
    broken[1] = '{"metadata": {"request_start_ns": 1} "metrics": {}}';
    expect(errorOf(broken.join("\n"))).toMatch(/^line 2, column 38: not valid JSON \(Expected ',' or '}' after property value\)/);
  });

  it('lab CSV: wrong column count, bad number, chunk times that disagree with TTFT', () => {
    const csv = fixture('lab-run.csv').split('\n');
    const bad = [...csv];
    bad[6] = '0,0,200';
    expect(errorOf(bad.join('\n'))).toBe('line 7: 3 columns, expected 8');
    const nan = [...csv];
    nan[7] = '1,100,fast,400,5,20,300;400,';
    expect(errorOf(nan.join('\n'))).toBe('line 8: ttft_ms: expected a time in ms, got "fast"');
    const off = [...csv];
    off[7] = '1,100,250,400,5,20,300;400,';
    expect(errorOf(off.join('\n'))).toBe('line 8: chunk_ms: first chunk at 300 ms, but ttft_ms is 250');
    const desc = [...csv];
    desc[7] = '1,100,300,400,5,20,300;200;400,';
    expect(errorOf(desc.join('\n'))).toMatch(/^line 8: chunk_ms: times must ascend/);
    const header = [...csv];
    header[4] = 'id,send,ttft';
    expect(errorOf(header.join('\n'))).toMatch(/^line 5: the header is "id,send,ttft", expected "request_id,send_ms,/);
  });
});

describe('truncated files', () => {
  it('a JSON document cut in the middle says so', () => {
    const text = fixture('genai-perf-profile_export.json');
    expect(errorOf(text.slice(0, Math.floor(text.length / 2)))).toMatch(/truncated/);
    const vllm = fixture('vllm-detailed.json');
    expect(errorOf(vllm.slice(0, 300))).toMatch(/truncated/);
  });

  it('a JSONL file whose last record is cut off says so', () => {
    const text = fixture('aiperf-profile_export.jsonl').trimEnd();
    expect(errorOf(text.slice(0, text.length - 40))).toMatch(/^line 5: the last record is cut off: the file looks truncated/);
  });

  it('a CSV whose last row is cut off says so', () => {
    const text = fixture('lab-run.csv').trimEnd();
    expect(errorOf(text.slice(0, text.length - 12))).toMatch(/^line 9: \d columns?, expected 8 \(the file looks truncated\)/);
  });

  it('an empty file', () => {
    expect(errorOf('')).toBe('the file is empty');
    expect(errorOf('  \n ')).toBe('the file is empty');
  });
});

describe('foreign files are recognised, not mis-parsed', () => {
  it('llmperf summary', () => {
    expect(errorOf(fixture('llmperf_summary.json'))).toMatch(/^this looks like a llmperf summary file .*not per-request results/);
  });

  it('vLLM result without --save-detailed', () => {
    const doc = JSON.parse(fixture('vllm-detailed.json'));
    for (const k of ['ttfts', 'itls', 'input_lens', 'output_lens', 'start_times', 'errors', 'generated_texts']) delete doc[k];
    expect(errorOf(JSON.stringify(doc))).toMatch(/saved without --save-detailed/);
  });

  it('AIPerf aggregate JSON and summary CSV', () => {
    const agg = { request_throughput: { unit: 'requests/sec', avg: 13.1 }, time_to_first_token: { unit: 'ms', avg: 1588.8, p50: 787.5 } };
    expect(errorOf(JSON.stringify(agg))).toMatch(/aggregate statistics export/);
    expect(errorOf('Metric,avg,min,max,p99\nRequest Latency (ms),6550.36,4996.25,9383.37,9381.63\n')).toMatch(/summary CSV/);
  });

  it('unrelated JSON, an unrelated CSV and plain text', () => {
    expect(errorOf('{"name": "package", "version": "1.0.0"}')).toMatch(/^unrecognised JSON with top-level keys name, version/);
    expect(errorOf('a,b,c\n1,2,3\n')).toMatch(/not the lab's per-request CSV/);
    expect(errorOf('hello world')).toMatch(/no known benchmark format/);
    expect(errorOf('[1, 2, 3]')).toMatch(/not a known per-request format/);
  });

  it('never throws, whatever the input', () => {
    for (const text of ['{', '[{"ttft_s": 1}]', '{"experiments": [{}]}', '{"ttfts": 5}', 'null', '{"metadata": {"request_start_ns": 1}}', '\uFEFF{"experiments": []}']) {
      const r = parseRunText(text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.length).toBeGreaterThan(5);
    }
  });
});

describe('Python JSON quirks', () => {
  it('reads NaN and Infinity literals (Python json.dump) as null where a null is allowed', () => {
    const doc = fixture('vllm-detailed.json').replace('"request_goodput": null', '"request_goodput": NaN');
    const r = parseRunText(doc);
    expect(r.ok).toBe(true);
  });
});
