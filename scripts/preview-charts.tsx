/**
 * Throwaway preview of the chart views: renders each with real simulation
 * data to static HTML (wide and phone widths, light and dark) so the charts
 * can be screenshotted with headless Chromium and looked at.
 *
 *   npx tsx scripts/preview-charts.tsx [outDir]      (default /tmp/ll-preview)
 *   chromium --headless --screenshot=… --window-size=1280,2400 file:///tmp/ll-preview/wide.html
 *
 * Tailwind classes are compiled with Tailwind's own compiler so the preview
 * matches the app's styling.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { compile } from 'tailwindcss';
import { simulate, sweep, type RunResult, type SweepPoint } from '../src/engine';
import { DEFAULT_SETTINGS, scenarioFromSettings, type Settings } from '../src/settings';
import { ThroughputCurve } from '../src/views/curve';
import { ServerView } from '../src/views/server';
import { LatencyDistribution } from '../src/views/distribution';

const outDir = process.argv[2] ?? '/tmp/ll-preview';

function scenarioOf(over: Partial<Settings>) {
  const outcome = scenarioFromSettings({ ...DEFAULT_SETTINGS, ...over });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.scenario;
}

interface Case {
  name: string;
  run: RunResult;
  points: SweepPoint[];
  users: number | null;
  rate: number | null;
}

function makeCase(name: string, over: Partial<Settings>, rateSweep?: number[]): Case {
  const scenario = scenarioOf(over);
  const run = simulate(scenario);
  const points = rateSweep ? sweep(scenario, { kind: 'rate', values: rateSweep }) : sweep(scenario);
  return { name, run, points, users: over.rate === undefined || over.rate === null ? (over.users ?? 1) : null, rate: over.rate ?? null };
}

const summarize = { workload: 'summarize' as const, prompt: 16000, output: 200 };
/** Optional filter: CHART=curve|server|distribution renders only that chart. */
const chartFilter = process.env.CHART;
const cases: Case[] = [
  makeCase('chat, idle (1 user)', { users: 1 }),
  makeCase('chat, busy (16 users)', { users: 16 }),
  makeCase('summarize, busy (16 users)', { ...summarize, users: 16, ttftSlo: 2000 }),
  makeCase('chat, open loop 2 req/s', { rate: 2 }, [0.5, 1, 2, 4, 8, Infinity]),
];

function chartsFor(c: Case, width: number): ReactElement[] {
  const s = c.run.scenario;
  const done = c.run.requests.filter((r) => r.completed);
  const all: [string, ReactElement][] = [
    ['curve', createElement(ThroughputCurve, {
      points: c.points,
      current: { users: c.users, ratePerSec: c.rate },
      slo: { ttftMs: s.slo.ttftMs, tpotMs: s.slo.tpotMs },
      maxBatch: s.server.maxBatch,
      kvCapacityTokens: s.server.kvCapacityTokens,
      width,
    })],
    ['server', createElement(ServerView, {
      requests: c.run.requests,
      log: c.run.log,
      representativeId: c.run.representativeId,
      maxBatch: s.server.maxBatch,
      kvCapacityTokens: s.server.kvCapacityTokens,
      width,
    })],
    ['distribution', createElement(LatencyDistribution, {
      ttftMs: done.map((r) => r.ttftMs),
      tpotMs: done.filter((r) => r.outputTokens > 1).map((r) => r.tpotMs),
      metrics: c.run.metrics,
      slo: { ttftMs: s.slo.ttftMs, tpotMs: s.slo.tpotMs },
      width,
    })],
  ];
  return all.filter(([name]) => !chartFilter || name === chartFilter).map(([, el]) => el);
}

function page(width: number, only: Case[]): ReactElement {
  return createElement(
    'main',
    { className: 'mx-auto space-y-10 p-4', style: { width: width + 32 } },
    ...only.map((c) =>
      createElement(
        'section',
        { key: c.name, className: 'space-y-8' },
        createElement('h2', { className: 'text-lg font-bold' }, c.name),
        ...chartsFor(c, width).map((el, i) => createElement('div', { key: i }, el)),
      ),
    ),
  );
}

async function tailwindCss(html: string): Promise<string> {
  const require = createRequire(import.meta.url);
  const twDir = dirname(require.resolve('tailwindcss/package.json'));
  const compiler = await compile('@import "tailwindcss";', {
    base: twDir,
    loadStylesheet: async (id: string, base: string) => {
      const file = id === 'tailwindcss' ? join(twDir, 'index.css') : join(base, id);
      return { path: file, base: dirname(file), content: readFileSync(file, 'utf8') };
    },
  });
  const candidates = [...new Set(html.match(/[A-Za-z0-9:[\]().%/_-]+/g) ?? [])];
  return compiler.build(candidates);
}

const slug = (name: string): string => name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase();

async function writePage(file: string, width: number, dark: boolean, only: Case[]): Promise<void> {
  const body = renderToStaticMarkup(page(width, only));
  if (body.includes('NaN')) console.warn(`${file}: NaN in markup`);
  const css = await tailwindCss(body);
  const bg = dark ? '#0f172a' : '#ffffff';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${css}</style><style>body{margin:0;background:${bg};color:${dark ? '#e2e8f0' : '#1e293b'};font-family:system-ui,sans-serif}</style></head><body>${body}</body></html>`;
  writeFileSync(join(outDir, file), html);
  console.log(join(outDir, file));
}

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  for (const c of cases) {
    await writePage(`wide-${slug(c.name)}.html`, 1200, false, [c]);
    await writePage(`narrow-${slug(c.name)}.html`, 358, false, [c]);
    await writePage(`min-${slug(c.name)}.html`, 320, false, [c]);
  }
  // Dark mode: open with chromium --force-dark-mode so prefers-color-scheme matches.
  await writePage('dark-chat-busy.html', 900, true, [cases[1]]);
}

void main();
