import { gpuById } from '../../engine/profiles/gpus';

/**
 * Headline errors of the roofline calibration, as docs/calibration.md reports
 * them (`npm run calibrate` regenerates that report; test/views/why.test.ts
 * fails when these drift from it). The page cannot link to the report offline,
 * so it states these and names the file.
 */
export const CALIBRATION_HEADLINE = {
  /** Published measurements the factors were fitted to (measurements.csv). */
  rows: 439,
  /** Median |error| of saturated output throughput (TensorRT-LLM perf overview). */
  saturatedMedianAbsErr: 0.067,
  /** 90th-percentile |error| of saturated output throughput. */
  saturatedP90AbsErr: 0.21,
  /** Median |error| of batch-1 time to first token. */
  ttftMedianAbsErr: 0.046,
  /** Runs under load (measurements-load.csv: NIM under GenAI-Perf, concurrency 1–250). */
  loadRuns: 363,
  /** Median |error| under load: mean TTFT, mean TPOT, output throughput. */
  loadTtftMedianAbsErr: 0.113,
  loadTpotMedianAbsErr: 0.05,
  loadThroughputMedianAbsErr: 0.051,
  /** Curves (of `loadCurves`) whose 3× TTFT knee falls at the measured concurrency. */
  loadKnee3Hits: 31,
  loadCurves: 37,
} as const;

/**
 * GPUs with published measurements in data/calibration (measurements.csv and
 * measurements-load.csv, mapped by `gpuIdFromLabel`; test/views/why.test.ts
 * fails when this drifts from the files). The factors were fitted on these.
 */
export const MEASURED_GPU_IDS: readonly string[] = ['a10', 'a100-40gb', 'a100-80gb-pcie', 'a100-80gb-sxm', 'h100-sxm', 'h200', 'l40s'];

/**
 * For a GPU with no measurement in the calibration data, one sentence saying
 * its figures are unfitted (its datasheet with factors fitted on other GPUs);
 * null for a measured GPU.
 */
export function gpuFitNote(gpu: { id: string; name: string; vendor: string }): string | null {
  if (MEASURED_GPU_IDS.includes(gpu.id)) return null;
  const onOthers = gpu.vendor === 'apple'
    ? 'fitted to TensorRT-LLM runs on NVIDIA data-centre GPUs, whose kernels and memory system differ from a Mac\'s'
    : `fitted to runs on other GPUs (${[...new Set(MEASURED_GPU_IDS.map((id) => gpuById(id)?.name ?? id))].join(', ')})`;
  return `Unfitted for the ${gpu.name}: data/calibration holds no published measurement of it, so its figures are its datasheet peaks with efficiencies ${onOthers}. Read them as an estimate of the shape, not of its exact speed.`;
}

/** Where the report lives, for the page to name. */
export const CALIBRATION_REPORT_PATH = 'docs/calibration.md';

/** One sentence on how well the roofline fits measurements. */
export function calibrationSentence(): string {
  const c = CALIBRATION_HEADLINE;
  const pct = (x: number): string => `${Math.round(x * 100)}%`;
  return (
    `fitted to ${c.rows} published measurements: median error ${pct(c.saturatedMedianAbsErr)} on saturated throughput (90% of rows within ${pct(c.saturatedP90AbsErr)}) ` +
    `and ${pct(c.ttftMedianAbsErr)} on first-token time at batch 1; and to ${c.loadRuns} runs under load: median error ${pct(c.loadTtftMedianAbsErr)} on TTFT, ` +
    `${pct(c.loadTpotMedianAbsErr)} on TPOT and ${pct(c.loadThroughputMedianAbsErr)} on throughput, with the queueing knee at the measured load in ${c.loadKnee3Hits} of ${c.loadCurves} curves; ` +
    `see ${CALIBRATION_REPORT_PATH} in the repository`
  );
}
