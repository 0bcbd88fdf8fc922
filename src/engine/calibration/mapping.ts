/**
 * Turns rows of measurements.csv into calibration cases: which catalog model,
 * GPU, precision and TP each row ran, what scenario it measured, and what the
 * lab must simulate to reproduce it. Rows that cannot be mapped are returned
 * with the reason, never guessed.
 */
import type { HardwareSpec } from '../profiles/catalog';

/** What a row measured, as the lab reproduces it. */
export type CaseKind =
  | 'ttft-batch1'
  | 'saturated-throughput'
  | 'static-throughput'
  | 'static-e2e'
  | 'decode-mbu'
  | 'load-ttft'
  | 'load-tpot'
  | 'load-throughput';

/** The kinds measured under load (measurements-load.csv): one simulation gives all three. */
export const LOAD_KINDS: readonly CaseKind[] = ['load-ttft', 'load-tpot', 'load-throughput'];

/** Report label of each kind's metric, with its unit. */
export const METRIC_LABELS: Readonly<Record<CaseKind, string>> = {
  'ttft-batch1': 'TTFT, batch 1 (ms)',
  'saturated-throughput': 'Throughput, saturated (output tok/s)',
  'static-throughput': 'Throughput, static batch (output tok/s)',
  'static-e2e': 'E2E latency, static batch (ms)',
  'decode-mbu': 'Decode MBU, batch 1 (share)',
  'load-ttft': 'TTFT under load, mean (ms)',
  'load-tpot': 'TPOT under load, mean (ms)',
  'load-throughput': 'Throughput under load (output tok/s)',
};

/** One measurement the fit tries to reproduce. */
export interface CalibrationCase {
  /** Row id in measurements.csv. */
  id: string;
  /** `source_key` column: which publication the row comes from. */
  source: string;
  kind: CaseKind;
  spec: HardwareSpec;
  /** Prompt tokens per request. */
  inputTokens: number;
  /** Output tokens per request (1 for a first-token measurement). */
  outputTokens: number;
  /** Requests running together in a static batch (1 for batch-1 rows); 0 when the engine chose; concurrent users under load. */
  batch: number;
  /** Under load: how the row was served, a key of `LOAD_SETUPS` (absent: NIM 2024, `NIM_LOAD`). */
  setup?: string;
  /** Under load: the curve the row belongs to (same model, hardware and lengths, varying concurrency). */
  curve?: string;
  /** The measured value, in the unit of `METRIC_LABELS[kind]`; throughput is for the whole TP group. */
  measured: number;
  /** Weight of the row in the fit, from its trust column (high 1 … low 0.1). */
  weight: number;
  /** Assumptions made while mapping (e.g. an unstated precision), for the report. */
  assumptions: string[];
}

/** A row the calibration cannot use, and why. */
export interface SkippedRow {
  id: string;
  source: string;
  reason: string;
}

const MODEL_PATTERNS: readonly [RegExp, string][] = [
  [/llama-?3\.?1-?405b/, 'llama-3.1-405b'],
  [/llama-?3\.?1-?70b/, 'llama-3.1-70b'],
  [/llama-?3\.?3-?70b/, 'llama-3.3-70b'],
  // Llama-3-8B and Llama-3.1-8B share one architecture; only the context length differs.
  [/llama-?3(\.1)?-?8b/, 'llama-3.1-8b'],
  [/llama-?2-?70b/, 'llama-2-70b'],
  [/llama-?2-?13b/, 'llama-2-13b'],
  [/llama-?2-?7b/, 'llama-2-7b'],
  [/mixtral-?8x7b/, 'mixtral-8x7b'],
  [/mistral-?7b/, 'mistral-7b'],
  [/qwen2\.5-?72b/, 'qwen2.5-72b'],
  [/qwen2\.5-?7b/, 'qwen2.5-7b'],
];

/** Catalog model id named by a free-text model column, or null. */
export function modelIdFromLabel(label: string): string | null {
  const s = label.toLowerCase().replace(/\s+/g, '-');
  for (const [re, id] of MODEL_PATTERNS) if (re.test(s)) return id;
  return null;
}

/** Catalog GPU id named by a free-text GPU column, or null. Unqualified A100s are the 80 GB SXM4 part. */
export function gpuIdFromLabel(label: string): string | null {
  const s = label.toLowerCase();
  const pcie = s.includes('pcie');
  if (s.includes('h200')) return 'h200';
  if (/\bh20\b/.test(s)) return 'h20';
  if (s.includes('h100')) return pcie ? 'h100-pcie' : 'h100-sxm';
  if (s.includes('a100')) return pcie ? 'a100-80gb-pcie' : s.includes('40gb') ? 'a100-40gb' : 'a100-80gb-sxm';
  if (s.includes('gb200')) return 'gb200';
  if (s.includes('b200')) return 'b200';
  if (s.includes('mi300x')) return 'mi300x';
  if (s.includes('mi325x')) return 'mi325x';
  if (/rtx\s*4090/.test(s)) return 'rtx-4090';
  if (/rtx\s*3090/.test(s)) return 'rtx-3090';
  if (/m2\s*ultra/.test(s)) return 'm2-ultra';
  if (/m3\s*max/.test(s)) return 'm3-max';
  if (/m4\s*max/.test(s)) return 'm4-max';
  if (s.includes('l40s')) return 'l40s';
  if (/\bl4\b/.test(s)) return 'l4';
  if (s.includes('a10g')) return 'a10g';
  if (/\ba10\b/.test(s)) return 'a10';
  return null;
}

/** Weight precision and KV precision named by a precision column, with any assumption made. */
export function precisionFromLabel(label: string): { precision: string; kvPrecision: string; assumption?: string } | null {
  const s = label.toLowerCase();
  // TensorRT-LLM's --quantization FP8 also stores the KV cache in FP8.
  if (s.startsWith('fp8')) return { precision: 'fp8', kvPrecision: 'fp8' };
  if (s.startsWith('bf16')) return { precision: 'bf16', kvPrecision: 'bf16' };
  if (s.startsWith('fp16')) return { precision: 'fp16', kvPrecision: 'fp16' };
  if (s.includes('fp16') || s.includes('bf16')) return { precision: 'fp16', kvPrecision: 'fp16', assumption: 'precision not stated; taken as 16-bit' };
  return null;
}

/** Fit weight of a row from its trust column. */
export function trustWeight(trust: string): number {
  const s = trust.toLowerCase();
  if (s.startsWith('high')) return 1;
  if (s.startsWith('medium-high')) return 0.7;
  if (s.startsWith('medium')) return 0.5;
  if (s.startsWith('low-medium')) return 0.3;
  return 0.1;
}

const num = (v: string | undefined): number => {
  if (v === undefined) return NaN;
  const m = /^~?\s*(-?[\d.]+(?:e-?\d+)?)/i.exec(v.trim());
  return m ? Number(m[1]) : NaN;
};

type Row = Record<string, string>;

function classify(row: Row, batch: number): { kind: CaseKind; measured: number } | { reason: string } {
  const scenario = (row.scenario ?? '').toLowerCase();
  const perGpu = (row.output_tok_s_is_per_gpu ?? '').toLowerCase().startsWith('yes');
  const gpus = num(row.num_gpus) || 1;
  const tokS = num(row.output_tok_s) * (perGpu ? gpus : 1);
  const mbu = /mbu\s*=\s*([\d.]+)\s*%/i.exec(row.other_metrics ?? '');
  if (/all requests queued|infinite rate/.test(scenario) && tokS > 0) return { kind: 'saturated-throughput', measured: tokS };
  if (/static/.test(scenario)) {
    if (tokS > 0) return { kind: 'static-throughput', measured: tokS };
    const reqS = num(row.req_s);
    const osl = num(row.osl);
    if (reqS > 0 && osl > 0) return { kind: 'static-throughput', measured: reqS * osl };
    if (num(row.e2e_ms_mean) > 0) return { kind: 'static-e2e', measured: num(row.e2e_ms_mean) };
  }
  if (batch === 1 && num(row.ttft_ms_mean) > 0 && /batch( size)? 1|first-token/.test(scenario)) {
    return { kind: 'ttft-batch1', measured: num(row.ttft_ms_mean) };
  }
  if (batch === 1 && mbu) return { kind: 'decode-mbu', measured: Number(mbu[1]) / 100 };
  return { reason: `scenario "${row.scenario}" has no metric the lab reproduces` };
}

/** Maps one CSV record to a calibration case, or says why it cannot. */
export function mapRow(row: Row): { ok: true; value: CalibrationCase } | { ok: false; value: SkippedRow } {
  const id = row.id ?? '?';
  const source = row.source_key ?? '?';
  const skip = (reason: string) => ({ ok: false as const, value: { id, source, reason } });
  const model = modelIdFromLabel(row.model ?? '');
  if (!model) return skip(`model "${row.model}" is not in the catalog`);
  const gpu = gpuIdFromLabel(row.gpu ?? '');
  if (!gpu) return skip(`GPU "${row.gpu}" is not stated or not in the catalog`);
  const prec = precisionFromLabel(row.precision ?? '');
  if (!prec) return skip(`precision "${row.precision}" is not one the lab models`);
  const tp = num(row.tp);
  const gpus = num(row.num_gpus);
  if (!(tp >= 1)) return skip('tensor-parallel degree not stated');
  if (gpus !== tp) return skip(`runs ${gpus} GPUs at TP ${tp}; only pure tensor parallelism is modelled`);
  const input = num(row.isl);
  if (!(input >= 1)) return skip(`input length "${row.isl}" is not a number`);
  const batchText = row.batch_or_concurrency ?? '';
  const batch = /engine-chosen|^$/.test(batchText) ? 0 : num(batchText);
  if (Number.isNaN(batch)) return skip(`batch "${batchText}" is not a number`);
  const c = classify(row, batch);
  if ('reason' in c) return skip(c.reason);
  let output = num(row.osl);
  if (c.kind === 'ttft-batch1') output = 1;
  else if (c.kind === 'decode-mbu' && !(output >= 1)) output = 64;
  if (!(output >= 1)) return skip(`output length "${row.osl}" is not a number`);
  if (c.kind !== 'saturated-throughput' && !(batch >= 1)) return skip('static batch size not stated');
  const assumptions = prec.assumption ? [prec.assumption] : [];
  if (c.kind === 'decode-mbu' && !(num(row.osl) >= 1)) assumptions.push('decode length not stated; 64 tokens assumed');
  return {
    ok: true,
    value: {
      id, source, kind: c.kind,
      spec: { model, gpu, precision: prec.precision, kvPrecision: prec.kvPrecision, tp },
      inputTokens: input, outputTokens: output, batch: Math.max(batch, 0), measured: c.measured,
      weight: trustWeight(row.trust ?? ''), assumptions,
    },
  };
}

/** Maps every record; cases and skipped rows keep the file's order. */
export function mapRows(rows: readonly Row[]): { cases: CalibrationCase[]; skipped: SkippedRow[] } {
  const cases: CalibrationCase[] = [];
  const skipped: SkippedRow[] = [];
  for (const r of rows) {
    const m = mapRow(r);
    if (m.ok) cases.push(m.value);
    else skipped.push(m.value);
  }
  return { cases, skipped };
}

/**
 * Maps the rows of measurements-load.csv: each closed-loop run gives three
 * cases (mean TTFT, mean TPOT, output throughput) at its concurrency. The
 * isl column holds the measured mean prompt length; it is rounded to whole tokens.
 */
export function mapLoadRows(rows: readonly Row[]): { cases: CalibrationCase[]; skipped: SkippedRow[] } {
  const cases: CalibrationCase[] = [];
  const skipped: SkippedRow[] = [];
  for (const row of rows) {
    const id = row.id ?? '?';
    const source = row.source_key ?? '?';
    const skip = (reason: string) => skipped.push({ id, source, reason });
    const model = modelIdFromLabel(row.model ?? '');
    const gpu = gpuIdFromLabel(row.gpu ?? '');
    const prec = precisionFromLabel(row.precision ?? '');
    const tp = num(row.tp);
    const users = num(row.batch_or_concurrency);
    const input = Math.round(num(row.isl));
    const output = Math.round(num(row.osl));
    if (!model) { skip(`model "${row.model}" is not in the catalog`); continue; }
    if (!gpu) { skip(`GPU "${row.gpu}" is not stated or not in the catalog`); continue; }
    if (!prec) { skip(`precision "${row.precision}" is not one the lab models`); continue; }
    if (!(tp >= 1) || num(row.num_gpus) !== tp) { skip('only pure tensor parallelism is modelled'); continue; }
    if (!/closed-loop/.test((row.scenario ?? '').toLowerCase()) || !(users >= 1)) { skip('not a closed-loop run at a stated concurrency'); continue; }
    if (!(input >= 1) || !(output >= 1)) { skip('lengths not stated'); continue; }
    const spec = { model, gpu, precision: prec.precision, kvPrecision: prec.kvPrecision, tp };
    const curve = `${model} ${gpu} ${prec.precision} tp${tp} ${Math.round(input / 100) * 100}/${output}`;
    // The NIM benchmarking guide's containers (1.x) run a later TensorRT-LLM than the course dataset's 2024 NIM.
    const setup = /container 1\./i.test(row.engine_version ?? '') ? { setup: 'nim-1.x' } : {};
    const base = { ...setup, id, source, spec, inputTokens: input, outputTokens: output, batch: users, weight: trustWeight(row.trust ?? ''), assumptions: prec.assumption ? [prec.assumption] : [], curve };
    const metrics: [CaseKind, number][] = [['load-ttft', num(row.ttft_ms_mean)], ['load-tpot', num(row.tpot_or_itl_ms_mean)], ['load-throughput', num(row.output_tok_s)]];
    for (const [kind, measured] of metrics) {
      if (measured > 0) cases.push({ ...base, kind, measured });
      else skip(`${METRIC_LABELS[kind]} not stated`);
    }
  }
  return { cases, skipped };
}
