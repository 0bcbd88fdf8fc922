import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/engine/simulate';
import { DEFAULT_SETTINGS } from '../../src/settings/schema';
import { scenarioFromSettings } from '../../src/settings/scenario';
import { computeImportedMetrics, parseRunText } from '../../src/import';
import { ComparePanel, compareRows, importedRunPoint, layoutCdf, runVerdict } from '../../src/views/compare';
import { CDF_POINTS } from '../../src/views/compare/cdfLayout';

/** The compare panel's pure parts (layout, table, verdict, curve point) and its static render. */
const fixture = (name: string): string => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
const vllmRun = () => {
  const r = parseRunText(fixture('vllm-detailed.json'));
  if (!r.ok) throw new Error(r.error);
  return r.run;
};

describe('CDF layout', () => {
  it('draws one step path per series, with its percentiles, in the plot box', () => {
    const m = layoutCdf([
      { key: 'a', label: 'Simulated', role: 'throughput', valuesMs: [100, 200, 300, 400] },
      { key: 'b', label: 'Imported', role: 'queue', valuesMs: [150, 250], dashed: true },
    ], 'TTFT', null, 600, 220);
    expect(m.lines).toHaveLength(2);
    expect(m.lines[0].d).toMatch(/^M[\d.]+,[\d.]+/);
    expect(m.lines[0].p50Ms).toBe(250);
    expect(m.lines[1].dashed).toBe(true);
    expect(m.logScale).toBe(false);
    expect(m.message).toBeNull();
    for (const t of m.xAxis.ticks) {
      expect(t.px).toBeGreaterThanOrEqual(m.plot.left - 0.5);
      expect(t.px).toBeLessThanOrEqual(m.plot.right + 0.5);
    }
  });

  it('switches to a log axis for wide spreads, marks the SLO, and bounds the points of a large sample', () => {
    const big = Array.from({ length: 100_000 }, (_, i) => 10 + (i % 1000) * 5);
    const m = layoutCdf([{ key: 'a', label: 'A', role: 'throughput', valuesMs: big }], 'TTFT', 800, 500);
    expect(m.logScale).toBe(true);
    expect(m.slo).not.toBeNull();
    expect(m.slo!.xPx).toBeGreaterThan(m.plot.left);
    const commands = m.lines[0].d.match(/[MLHV]/g) ?? [];
    expect(commands.length).toBeLessThanOrEqual(3 * (CDF_POINTS + 1));
  });

  it('puts the SLO label left of its line when it would not fit on the right', () => {
    const values = [100, 200, 300, 400, 500];
    const right = layoutCdf([{ key: 'a', label: 'A', role: 'throughput', valuesMs: values }], 'TTFT', 500, 400).slo!;
    expect(right.anchor).toBe('end');
    expect(right.labelXPx).toBeLessThan(right.xPx);
    const left = layoutCdf([{ key: 'a', label: 'A', role: 'throughput', valuesMs: values }], 'TTFT', 150, 400).slo!;
    expect(left.anchor).toBe('start');
    expect(left.labelXPx).toBeGreaterThan(left.xPx);
  });

  it('says so when there is nothing to draw, and ignores non-finite values', () => {
    expect(layoutCdf([], 'TTFT', null, 400).message).toMatch(/No completed requests/);
    const m = layoutCdf([{ key: 'a', label: 'A', role: 'throughput', valuesMs: [NaN, Infinity, 5] }], 'TTFT', null, 400);
    expect(m.lines[0].count).toBe(1);
  });
});

describe('comparison table, verdict and curve point', () => {
  it('rows for every percentile; a statistic without data says so', () => {
    const llm = parseRunText(fixture('llmperf_individual_responses.json'));
    if (!llm.ok) throw new Error(llm.error);
    const real = computeImportedMetrics(llm.run, { ttftMs: 300, tpotMs: 50, e2eMs: null }).metrics;
    const rows = compareRows(null, real);
    expect(rows.map((r) => r.label)).toContain('TPOT p95');
    expect(rows.find((r) => r.key === 'itl-p50')?.real).toBe('no data');
    expect(rows.find((r) => r.key === 'ttft-p50')?.real).toBe('300 ms');
    expect(rows.find((r) => r.key === 'ttft-p50')?.simulated).toBe('—');
  });

  it('the verdict is judged at p95, inclusive', () => {
    const m = computeImportedMetrics(vllmRun(), { ttftMs: null, tpotMs: null, e2eMs: null }).metrics;
    expect(runVerdict(m, { ttftMs: m.ttftMs.p95, tpotMs: null, e2eMs: null }).headline).toMatch(/^Met at p95: p95 TTFT/);
    expect(runVerdict(m, { ttftMs: m.ttftMs.p95 - 1, tpotMs: 100, e2eMs: null }).headline).toMatch(/^Missed at p95: p95 TTFT .* > /);
    expect(runVerdict(m, { ttftMs: null, tpotMs: null, e2eMs: null }).headline).toBe('Met: no targets are set');
  });

  it('importedRunPoint gives throughput, load and TTFT/TPOT percentiles', () => {
    const p = importedRunPoint(vllmRun());
    expect(p.outputTokPerSec).toBeCloseTo(10, 9);
    expect(p.concurrency).toBe(2);
    expect(p.ratePerSec).toBe(Infinity);
    expect(p.meanInFlight).toBeCloseTo(1.3, 9); // Σ E2E (0.4 + 0.4 + 0.5 s) ÷ 1 s
    expect(p.requestsPerSec).toBeCloseTo(3, 9);
    expect(p.ttftP50Ms).toBeCloseTo(300, 6);
    expect(p.tpotP50Ms).toBeCloseTo((200 / 3 + 25) / 2, 6);
  });
});

describe('ComparePanel (static render)', () => {
  const settings = { ...DEFAULT_SETTINGS, requests: 50 };
  const built = scenarioFromSettings(settings);
  if (!built.ok) throw new Error(built.message);
  const result = simulate(built.scenario);
  const simulated = {
    metrics: result.metrics,
    ttftMs: result.requests.filter((r) => r.completed).map((r) => r.ttftMs),
    tpotMs: result.requests.filter((r) => r.completed && r.outputTokens > 1).map((r) => r.tpotMs),
  };
  const html = renderToStaticMarkup(<ComparePanel simulated={simulated} slo={{ ttftMs: 500, tpotMs: 50, e2eMs: null }} settings={settings} />);

  it('has labelled controls: file picker, endpoint form with a password key field, export buttons', () => {
    expect(html).toMatch(/<input[^>]*type="file"/);
    expect(html).toContain('Choose files');
    for (const label of ['Base URL', 'Model', 'API key (optional, kept in memory only)', 'Requests', 'Concurrency']) expect(html).toContain(label);
    expect(html).toMatch(/<input[^>]*type="password"[^>]*autoComplete="off"|<input[^>]*autoComplete="off"[^>]*type="password"/i);
    expect(html).toContain('Start measuring');
    expect(html).toContain('Copy vLLM bench serve command');
    expect(html).toContain('vllm bench serve');
    // Every input has a label element pointing at it.
    const ids = [...html.matchAll(/<input[^>]*id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(5);
    for (const inputId of ids) expect(html).toContain(`for="${inputId}"`);
  });

  it('shows the simulated column and both distribution charts, and claims no public data-metric readouts', () => {
    expect(html).toContain('<caption class="text-left font-semibold">Simulated versus real run</caption>');
    expect(html).toContain('TTFT distribution');
    expect(html).toContain('TPOT distribution');
    expect(html).not.toContain('data-metric');
  });
});
