import { readFileSync } from 'node:fs';
import { csvParseRows } from 'd3-dsv';
import { describe, expect, it } from 'vitest';
import { runToCsv, runToJson } from '../../src/export';
import { computeImportedMetrics, parseRunText, type ImportedRun } from '../../src/import';

/**
 * Hostile and broken inputs (issue 9, section 3): impossible values are
 * flagged or refused, never drawn; messages say what the file is; export ∘
 * import is the identity on every file that imports; exported CSV runs no
 * spreadsheet formula.
 */
const fixture = (name: string): string => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
const SLO = { ttftMs: 500, tpotMs: 50, e2eMs: null };

function ok(text: string): ImportedRun {
  const r = parseRunText(text);
  if (!r.ok) throw new Error(r.error);
  return r.run;
}
function errorOf(text: string): string {
  const r = parseRunText(text);
  if (r.ok) throw new Error('expected the import to fail');
  return r.error;
}
const vllm = () => JSON.parse(fixture('vllm-detailed.json'));

describe('impossible values are counted as failed, with the reason', () => {
  it('vLLM: TTFT after E2E (a negative TPOT) no longer "meets" the TPOT target or raises goodput', () => {
    const doc = vllm();
    doc.latencies[0] = doc.ttfts[0] / 2;
    const run = ok(JSON.stringify(doc));
    expect(run.requests[0].error).toMatch(/^impossible values: TTFT .* is after E2E/);
    expect(run.warnings.join(' ')).toMatch(/1 of 4 requests have impossible values/);
    const m = computeImportedMetrics(run, SLO).metrics;
    expect(m.tpotMs.min).toBeGreaterThanOrEqual(0);
    const clean = computeImportedMetrics(ok(fixture('vllm-detailed.json')), SLO).metrics;
    expect(m.goodputReqPerSec).toBeLessThanOrEqual(clean.goodputReqPerSec);
  });

  it('vLLM: a negative gap, a 1e308 s latency, a negative or fractional output length', () => {
    for (const [edit, reason] of [
      [(d: ReturnType<typeof vllm>) => (d.itls[1][0] = -0.5), /negative gap|not at TTFT|arrives before/],
      [(d: ReturnType<typeof vllm>) => (d.latencies[1] = 1e308), /E2E Infinity ms is negative or not a number/],
      [(d: ReturnType<typeof vllm>) => (d.latencies[1] = 1e6), /longer than a week/],
      [(d: ReturnType<typeof vllm>) => (d.output_lens[1] = -7), /output tokens -7 is not a whole number/],
      [(d: ReturnType<typeof vllm>) => (d.output_lens[1] = 2.5), /output tokens 2.5/],
      [(d: ReturnType<typeof vllm>) => (d.ttfts[1] = -0.1), /TTFT .* is negative/],
    ] as const) {
      const doc = vllm();
      edit(doc);
      const run = ok(JSON.stringify(doc));
      expect(run.requests[1].error).toMatch(reason);
      const m = computeImportedMetrics(run, SLO).metrics;
      expect(m.completed).toBe(2);
      for (const s of [m.ttftMs, m.tpotMs, m.itlMs, m.e2eMs]) expect(s.max).toBeLessThan(1e9);
      expect(Number.isFinite(m.outputTokPerSec)).toBe(true);
    }
  });

  it('a duration no run can have (1e306 s, negative) refuses the file', () => {
    const doc = vllm();
    doc.duration = 1e306;
    expect(errorOf(JSON.stringify(doc))).toMatch(/duration, 1e\+306 s, is not one a measurement can have/);
    const csv = fixture('lab-run.csv').replace('# duration_s: 1.0', '# duration_s: 1e306');
    expect(errorOf(csv)).toMatch(/is not one a measurement can have/);
  });

  it('lab CSV: TTFT after E2E without chunk times, a 1e308 ms E2E, an impossible concurrency', () => {
    const lines = fixture('lab-run.csv').split('\n');
    lines[6] = '1,100,300,200,5,20,,';
    lines[8] = '3,300,500,1e308,1,30,,';
    lines[3] = '# concurrency: -3';
    const run = ok(lines.join('\n'));
    expect(run.requests[1].error).toMatch(/TTFT 300 ms is after E2E 200 ms/);
    expect(run.requests[3].error).toMatch(/longer than a week/);
    expect(run.load.concurrency).toBeNull();
    expect(run.warnings.join(' ')).toMatch(/concurrency \(-3\) is not a whole number/);
  });

  it('lab JSON, llmperf and AIPerf go through the same check', () => {
    const lab = JSON.parse(runToJson(ok(fixture('lab-run.csv'))));
    lab.run.requests[0].chunkMs = [200, 150, 400];
    lab.run.requests[1].sendMs = -50;
    const labRun = ok(JSON.stringify(lab));
    expect(labRun.requests[0].error).toMatch(/arrives before chunk 1/);
    expect(labRun.requests[1].error).toMatch(/send time -50 ms is negative/);
    const llm = JSON.parse(fixture('llmperf_individual_responses.json'));
    llm[0].end_to_end_latency_s = llm[0].ttft_s / 2;
    expect(ok(JSON.stringify(llm)).requests[0].error).toMatch(/is after E2E/);
    const lines = fixture('aiperf-profile_export.jsonl').trimEnd().split('\n');
    const rec = JSON.parse(lines[1]);
    rec.metrics.time_to_first_token.value = -5;
    lines[1] = JSON.stringify(rec);
    expect(ok(lines.join('\n')).requests[0].error).toMatch(/TTFT -5 ms is negative/);
  });
});

describe('clear messages for files that are not results', () => {
  it('binary data, named when its signature shows', () => {
    expect(errorOf('\u001f\ufffd\b\u0000\u0000\u0000\u0000\u0000\u0000\u0003' + '\ufffd'.repeat(50))).toMatch(/^this is a gzip archive \(unpack it first\), not a text result file/);
    expect(errorOf('PK\u0003\u0004\u0014\u0000\u0006\u0000' + 'x\u0000'.repeat(40))).toMatch(/zip archive or a spreadsheet/);
    expect(errorOf(String.fromCharCode(...Array.from({ length: 300 }, (_, i) => (i * 37) % 256)))).toMatch(/^this is binary data, not a text result file/);
  });

  it('a bare JSON value: null, a string, a string that holds JSON, a number', () => {
    expect(errorOf('null')).toMatch(/JSON value null: it holds no benchmark data/);
    expect(errorOf('"hello"')).toMatch(/one JSON string \("hello"\), not a benchmark result/);
    expect(errorOf(JSON.stringify(fixture('vllm-detailed.json')))).toMatch(/holds JSON \(encoded twice\): decode it once/);
    expect(errorOf('42')).toMatch(/single JSON number 42/);
  });

  it('old Mac line ends (CR only) read like LF; a list of lists says what it is', () => {
    expect(ok(fixture('lab-run.csv').replace(/\n/g, '\r')).requests).toHaveLength(4);
    expect(errorOf('[[1, 2], [3]]')).toMatch(/^a JSON list of lists/);
  });

  it('a ;-separated or tab-separated CSV', () => {
    const semi = fixture('lab-run.csv').split('\n').map((l) => (l.startsWith('#') ? l : l.replace(/;/g, '|').replace(/,/g, ';'))).join('\n');
    expect(errorOf(semi)).toMatch(/the lab's per-request CSV with its fields separated by semicolons/);
    expect(errorOf('name\tttft\tlatency\na\t1\t2\n')).toMatch(/^a tabs-separated file with header/);
  });

  it('duplicate keys: in a JSON document, in a JSONL record, in the CSV header and metadata', () => {
    const text = fixture('vllm-detailed.json').replace('"duration":', '"duration": -5, "duration":');
    expect(errorOf(text)).toMatch(/^line \d+, column \d+: the key "duration" appears twice in the top-level object/);
    const nested = fixture('genai-perf-profile_export.json').replace('"timestamp":', '"timestamp": 1, "timestamp":');
    expect(errorOf(nested)).toMatch(/the key "timestamp" appears twice in experiments\[0\]\.requests\[0\]/);
    const lines = fixture('aiperf-profile_export.jsonl').split('\n');
    lines[2] = lines[2].replace('"metrics": {', '"metrics": {"request_latency": {"value": 1, "unit": "ms"}, ');
    expect(errorOf(lines.join('\n'))).toMatch(/^line 3, column \d+: the key "request_latency" appears twice in metrics/);
    const csv = fixture('lab-run.csv').replace('request_id,send_ms,ttft_ms', 'request_id,ttft_ms,ttft_ms');
    expect(errorOf(csv)).toMatch(/the column "ttft_ms" appears twice in the header/);
    const meta = fixture('lab-run.csv').replace('# duration_s: 1.0', '# duration_s: 1.0\n# duration_s: 9');
    expect(errorOf(meta)).toMatch(/"# duration_s" is given twice \(lines 3 and 4\)/);
  });

  it('a JSONL syntax error names the file\'s line and the column in it', () => {
    const lines = fixture('aiperf-profile_export.jsonl').split('\n');
    lines[2] = lines[2].replace('"metrics": {', '"metrics" {');
    const column = lines[2].indexOf('"metrics" {') + '"metrics" '.length + 1;
    expect(errorOf(lines.join('\n'))).toBe(`line 3, column ${column}: not valid JSON (unexpected '{')`);
    expect(errorOf(lines.join('\n'))).not.toMatch(/line 1/);
  });
});

describe('export ∘ import is the identity on every file that imports', () => {
  const broken = (() => {
    const doc = vllm();
    doc.latencies[0] = 0.0001;
    doc.itls[2] = [-1, 2];
    return JSON.stringify(doc);
  })();
  const files: [string, string][] = [
    ['vllm', fixture('vllm-detailed.json')],
    ['genai-perf', fixture('genai-perf-profile_export.json')],
    ['genai-perf unstreamed', fixture('genai-perf-unstreamed_profile_export.json')],
    ['aiperf', fixture('aiperf-profile_export.jsonl')],
    ['aiperf pre-release', fixture('aiperf-prerelease_profile_export.jsonl')],
    ['llmperf', fixture('llmperf-c2_individual_responses.json')],
    ['lab csv', fixture('lab-run.csv')],
    ['vllm with impossible requests', broken],
  ];
  for (const [name, text] of files) {
    it(name, () => {
      const run = ok(text);
      const m = computeImportedMetrics(run, SLO).metrics;
      for (const exported of [runToCsv(run), runToJson(run)]) {
        const back = ok(exported);
        expect(back.requests.map((r) => [r.id, r.error])).toEqual(run.requests.map((r) => [r.id, r.error]));
        expect(back.streamed).toBe(run.streamed);
        const mb = computeImportedMetrics(back, SLO).metrics;
        for (const k of ['completed', 'rejected'] as const) expect(mb[k]).toBe(m[k]);
        for (const k of ['ttftMs', 'tpotMs', 'itlMs', 'e2eMs'] as const) {
          expect(mb[k].count).toBe(m[k].count);
          expect(mb[k].mean).toBeCloseTo(m[k].mean, 2);
          expect(mb[k].p99).toBeCloseTo(m[k].p99, 2);
        }
        expect(mb.outputTokPerSec).toBeCloseTo(m.outputTokPerSec, 6);
        expect(mb.goodputReqPerSec).toBeCloseTo(m.goodputReqPerSec, 6);
      }
      // And the exported file is a fixed point: importing and exporting it again writes it unchanged.
      const once = runToCsv(ok(runToCsv(run)));
      expect(runToCsv(ok(once))).toBe(once);
    });
  }
});

describe('Download run as CSV neutralises spreadsheet formulas (OWASP)', () => {
  const hostile = (() => {
    const lines = fixture('lab-run.csv').split('\n');
    lines[1] = '# label: =HYPERLINK("http://evil.example","x"),+1';
    lines[5] = '=1+2,0,200,400,4,10,200;250;300;400,';
    lines[6] = '@SUM(A1),100,300,400,5,20,300;400,';
    lines[7] = '2,200,,,,40,,"-2+3: cmd|\' /C calc\'!A0"';
    lines[8] = "'quoted,300,500,500,1,30,500,";
    return lines.join('\n');
  })();

  it('prefixes every text cell that starts with = + - @ (or a tab, CR, # or \') with a quote, and quotes the label line', () => {
    const csv = runToCsv(ok(hostile));
    const rows = csvParseRows(csv);
    const cells = rows.flat();
    for (const c of cells) expect(c).not.toMatch(/^[=+\-@\t\r]/);
    expect(rows[1]).toEqual(['# label: \'=HYPERLINK("http://evil.example","x"),+1']);
    expect(csv.split('\n')[1].startsWith('"# label:')).toBe(true);
    expect(cells).toContain("'=1+2");
    expect(cells).toContain("'@SUM(A1)");
    expect(cells).toContain("'-2+3: cmd|' /C calc'!A0");
    expect(cells).toContain("''quoted");
  });

  it('reads its own neutralised cells back as they were', () => {
    const run = ok(hostile);
    const back = ok(runToCsv(run));
    expect(back.label).toBe('=HYPERLINK("http://evil.example","x"),+1');
    expect(back.requests.map((r) => r.id)).toEqual(['=1+2', '@SUM(A1)', '2', "'quoted"]);
    expect(back.requests[2].error).toBe("-2+3: cmd|' /C calc'!A0");
  });

  it('llmperf error codes (-100) and ids starting with # survive the trip', () => {
    const llm = ok(fixture('llmperf-c2_individual_responses.json'));
    const back = ok(runToCsv(llm));
    expect(back.requests[2].error).toBe('-100: Output too few tokens 3');
    const lab = JSON.parse(runToJson(ok(fixture('lab-run.csv'))));
    lab.run.requests[0].id = '#1';
    const csv = runToCsv(ok(JSON.stringify(lab)));
    expect(ok(csv).requests.map((r) => r.id)[0]).toBe('#1');
  });
});
