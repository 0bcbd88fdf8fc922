/**
 * Import benchmark: `npx tsx scripts/bench-import.ts [requests] [chunks]`.
 * Generates a file of each supported format (default 100,000 requests of 8
 * chunks), then times parse (detect + validate + normalise) and metrics, and
 * reports the heap growth and peak RSS. Run with `node --expose-gc` (via
 * `NODE_OPTIONS=--expose-gc`) for steadier heap numbers. Speed goals live
 * here, never as timed assertions in tests.
 */
import { computeImportedMetrics, parseRunText } from '../src/import';
import { SYNTHETIC_FORMATS, type SyntheticSpec } from '../test/import/synthetic';

const requests = Number(process.argv[2] ?? 100_000);
const chunks = Number(process.argv[3] ?? 8);
const spec: SyntheticSpec = { requests, chunks, gapMs: 20, sendGapMs: 10 };
const slo = { ttftMs: 500, tpotMs: 50, e2eMs: null };
const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(0)} MB`;

console.log(`Latency Lab import benchmark: ${requests.toLocaleString('en-US')} requests × ${chunks} chunks (node ${process.version})`);
const rows: string[][] = [['format', 'file size', 'parse', 'metrics', 'heap held by the run', 'peak RSS so far']];
let peakRss = process.memoryUsage().rss;
for (const [format, generate] of Object.entries(SYNTHETIC_FORMATS)) {
  let text: string | null = generate(spec);
  const size = text.length;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);
  const t0 = performance.now();
  let parsed: ReturnType<typeof parseRunText> | null = parseRunText(text);
  const t1 = performance.now();
  if (!parsed.ok) throw new Error(`${format}: ${parsed.error}`);
  const m = computeImportedMetrics(parsed.run, slo);
  const t2 = performance.now();
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  if (m.metrics.completed !== requests) throw new Error(`${format}: ${m.metrics.completed} completed`);
  // Heap held by the parsed run: live heap with the run minus live heap once it is dropped (the text is dropped first).
  text = null;
  gc?.();
  const withRun = process.memoryUsage().heapUsed;
  parsed = null;
  gc?.();
  const held = withRun - process.memoryUsage().heapUsed;
  rows.push([format, mb(size), `${(t1 - t0).toFixed(0)} ms`, `${(t2 - t1).toFixed(0)} ms`, gc ? mb(held) : 'n/a (run with --expose-gc)', mb(peakRss)]);
}
const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
for (const r of rows) console.log(`  ${r.map((cell, c) => cell.padEnd(widths[c])).join('  ')}`);
