import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { computeImportedMetrics, parseRunFiles, parseRunText, type ImportedRun } from '../../src/import';
import type { RunMetrics } from '../../src/engine/types';

/**
 * The importer over result files other people made with the real tools
 * (`../shared/real-runs/`, beside the repository, not part of it: provenance in
 * each SOURCES.md), compared with each tool's own summary figures. Skipped,
 * saying why, when the folder is absent (a fresh clone has no `shared/`).
 * `LAB_REAL_RUNS` names another folder (a git worktree sits elsewhere).
 */
const ROOT = process.env.LAB_REAL_RUNS ? `${process.env.LAB_REAL_RUNS.replace(/\/+$/, '')}/` : fileURLToPath(new URL('../../../shared/real-runs/', import.meta.url));
const present = existsSync(ROOT);
const NO_SLO = { ttftMs: null, tpotMs: null, e2eMs: null };
const read = (dir: string, name: string): string => readFileSync(`${ROOT}${dir}/${name}`, 'utf8');
const json = (dir: string, name: string): Record<string, unknown> => JSON.parse(read(dir, name)) as Record<string, unknown>;
const files = (dir: string, pattern: RegExp): string[] => (present ? readdirSync(`${ROOT}${dir}`).filter((f) => pattern.test(f)).sort() : []);

/** Tool figure versus ours, one line each, printed for the record and checked within `tolerance` (relative). */
const table: string[] = [];
function agree(file: string, metric: string, tool: number, lab: number, tolerance = 1e-4) {
  const diff = tool === 0 ? lab - tool : (lab - tool) / Math.abs(tool);
  table.push(`${file.padEnd(58)} ${metric.padEnd(24)} tool ${tool.toPrecision(8).padStart(14)}  lab ${lab.toPrecision(8).padStart(14)}  ${(diff * 100).toFixed(4)}%`);
  expect(Math.abs(diff), `${file} ${metric}: tool ${tool}, lab ${lab}`).toBeLessThanOrEqual(tolerance);
}

function imported(dir: string, name: string): { run: ImportedRun; m: RunMetrics } {
  const r = parseRunText(read(dir, name), { fileName: name });
  if (!r.ok) throw new Error(`${name}: ${r.error}`);
  return { run: r.run, m: computeImportedMetrics(r.run, NO_SLO).metrics };
}

function refused(dir: string, name: string): string {
  const r = parseRunText(read(dir, name), { fileName: name });
  if (r.ok) throw new Error(`${name}: expected a refusal`);
  return r.error;
}

const num = (x: unknown): number => Number(x);
type Agg = { avg: number; p50?: number; p99?: number; count?: number };

if (!present) {
  describe('real runs (../shared/real-runs)', () => {
    it.skip(`skipped: ${ROOT} is absent. These files are not part of the repository; lay shared/ beside the clone to run the comparison.`, () => undefined);
  });
} else {
  describe('real runs (../shared/real-runs) against the tools\' own summaries', () => {
    it('vLLM detailed results: every mean, median and throughput the file reports', () => {
      const detailed = files('vllm', /\.json$/).filter((f) => !/summary-only/.test(f));
      expect(detailed.length).toBeGreaterThan(0);
      for (const f of detailed) {
        const d = json('vllm', f);
        const { m } = imported('vllm', f);
        expect(m.completed).toBe(num(d.completed));
        agree(f, 'mean TTFT ms', num(d.mean_ttft_ms), m.ttftMs.mean);
        agree(f, 'median TTFT ms', num(d.median_ttft_ms), m.ttftMs.p50);
        agree(f, 'p99 TTFT ms', num(d.p99_ttft_ms), m.ttftMs.p99);
        agree(f, 'mean TPOT ms', num(d.mean_tpot_ms), m.tpotMs.mean);
        agree(f, 'median TPOT ms', num(d.median_tpot_ms), m.tpotMs.p50);
        agree(f, 'mean ITL ms', num(d.mean_itl_ms), m.itlMs.mean);
        agree(f, 'median ITL ms', num(d.median_itl_ms), m.itlMs.p50);
        agree(f, 'output tok/s', num(d.output_throughput), m.outputTokPerSec);
        agree(f, 'requests/s', num(d.request_throughput), m.requestsPerSec);
      }
    });

    it('vLLM summary-only results are refused with the advice to rerun with --save-detailed', () => {
      const summaries = files('vllm', /summary-only\.json$/);
      expect(summaries.length).toBeGreaterThan(0);
      for (const f of summaries) expect(refused('vllm', f)).toMatch(/without --save-detailed.*--save-result --save-detailed/);
    });

    it('AIPerf profile_export.jsonl (0.8 and the pre-release layout): counts, latencies, throughput, duration', () => {
      const exports = files('aiperf', /_profile_export\.jsonl$/);
      expect(exports.length).toBeGreaterThan(0);
      for (const f of exports) {
        const summaryFile = f.replace(/\.jsonl$/, '_aiperf.json');
        const s = json('aiperf', summaryFile);
        // 0.8 puts each metric at the top level; the pre-release summary nests them under `records`.
        const rec = ((s.records as Record<string, Agg> | undefined) ?? (s as unknown as Record<string, Agg>));
        const { run, m } = imported('aiperf', f);
        expect(m.completed).toBe(rec.request_count.avg);
        expect(m.rejected).toBe(rec.error_request_count?.avg ?? 0);
        agree(f, 'mean TTFT ms', (rec.time_to_first_token ?? rec.ttft).avg, m.ttftMs.mean);
        agree(f, 'median TTFT ms', (rec.time_to_first_token ?? rec.ttft).p50 as number, m.ttftMs.p50);
        agree(f, 'mean request latency ms', rec.request_latency.avg, m.e2eMs.mean);
        agree(f, 'mean ITL (= lab TPOT) ms', rec.inter_token_latency.avg, m.tpotMs.mean);
        agree(f, 'mean ICL (= lab ITL) ms', rec.inter_chunk_latency.avg, m.itlMs.mean);
        agree(f, 'duration s', rec.benchmark_duration.avg, m.durationS);
        agree(f, 'output tok/s', rec.output_token_throughput.avg, m.outputTokPerSec);
        agree(f, 'requests/s', rec.request_throughput.avg, m.requestsPerSec);
        expect(run.notes.join(' ')).toMatch(rec === s ? /^(?!.*pre-release)/ : /pre-release AIPerf record layout/);
      }
    });

    it('AIPerf summaries alone are refused, pointing at the JSONL', () => {
      for (const f of files('aiperf', /_aiperf\.json$/)) expect(refused('aiperf', f)).toMatch(/aggregate statistics export .* import AIPerf's profile_export\.jsonl/);
    });

    it('GenAI-Perf runs made without --streaming: TTFT = request latency, counts and request throughput as GenAI-Perf reports', () => {
      const exports = files('genai-perf', /\.json$/).filter((f) => !/_genai_perf\.json$/.test(f));
      expect(exports.length).toBeGreaterThan(0);
      for (const f of exports) {
        const s = json('genai-perf', f.replace(/\.json$/, '_genai_perf.json')) as unknown as Record<string, Agg>;
        const { run, m } = imported('genai-perf', f);
        expect(run.streamed).toBe(false);
        expect(m.completed).toBe(s.request_count.avg);
        expect(m.rejected).toBe(0);
        expect(m.tpotMs.count).toBe(0);
        agree(f, 'mean TTFT ms', s.time_to_first_token.avg, m.ttftMs.mean);
        agree(f, 'median TTFT ms', s.time_to_first_token.p50 as number, m.ttftMs.p50);
        agree(f, 'p99 TTFT ms', s.time_to_first_token.p99 as number, m.ttftMs.p99);
        agree(f, 'mean request latency ms', s.request_latency.avg, m.e2eMs.mean);
        agree(f, 'requests/s', s.request_throughput.avg, m.requestsPerSec);
        // GenAI-Perf counts output tokens with its own tokenizer (gpt2 here); the lab takes the server's usage.
        // Scaled by the two token totals, the throughputs agree: the same duration underlies both.
        const usageTokens = run.requests.reduce((a, r) => a + r.outputTokens, 0);
        const toolTokens = s.output_sequence_length.avg * s.request_count.avg;
        agree(f, 'output tok/s × OSL/usage', s.output_token_throughput.avg, (m.outputTokPerSec * toolTokens) / usageTokens);
        table.push(`${f.padEnd(58)} ${'output tok/s (as is)'.padEnd(24)} tool ${s.output_token_throughput.avg.toPrecision(8).padStart(14)}  lab ${m.outputTokPerSec.toPrecision(8).padStart(14)}  (usage ${usageTokens} vs gpt2 ${toolTokens.toFixed(0)} tokens)`);
      }
    });

    it('llmperf responses with their summary: llmperf\'s duration and concurrency, its means and throughput', () => {
      const responses = files('llmperf', /_individual_responses\.json$/);
      expect(responses.length).toBeGreaterThan(0);
      for (const f of responses) {
        const summaryName = f.replace('_individual_responses', '_summary');
        const s = json('llmperf', summaryName);
        const [group] = parseRunFiles([{ name: f, text: read('llmperf', f) }, { name: summaryName, text: read('llmperf', summaryName) }]);
        if (!group.result.ok) throw new Error(group.result.error);
        const run = group.result.run;
        const m = computeImportedMetrics(run, NO_SLO).metrics;
        expect(run.durationEstimated).toBe(false);
        expect(run.warnings.join(' ')).not.toMatch(/estimated/i);
        expect(run.load.concurrency).toBe(num(s.num_concurrent_requests));
        expect(m.completed).toBe(num(s.results_num_completed_requests));
        expect(m.rejected).toBe(num(s.results_number_errors));
        agree(f, 'mean TTFT ms', num(s.results_ttft_s_mean) * 1000, m.ttftMs.mean);
        agree(f, 'median TTFT ms', num(s.results_ttft_s_quantiles_p50) * 1000, m.ttftMs.p50);
        agree(f, 'mean E2E ms', num(s.results_end_to_end_latency_s_mean) * 1000, m.e2eMs.mean);
        agree(f, 'output tok/s', num(s.results_mean_output_throughput_token_per_s), m.outputTokPerSec);
        agree(f, 'completed/min', num(s.results_num_completed_requests_per_min), m.requestsPerSec * 60);
        // Alone, the responses file still imports, with the duration estimated and said so.
        const alone = imported('llmperf', f);
        expect(alone.run.durationEstimated).toBe(true);
        expect(alone.run.warnings.join(' ')).toMatch(/Duration is estimated/);
      }
    });

    it('llmperf summaries alone are refused with the advice to import them with their responses', () => {
      for (const f of files('llmperf', /_summary\.json$/)) expect(refused('llmperf', f)).toMatch(/llmperf summary file .* or both files together/);
    });

    it('prints the comparison', () => {
      expect(table.length).toBeGreaterThan(40);
      console.log(`Tool's own figure versus the lab's, per file:\n${table.join('\n')}`);
    });
  });
}
