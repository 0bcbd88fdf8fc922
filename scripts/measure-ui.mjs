// Measures the built lab in headless Chromium (run `npm run build` first):
//   node scripts/measure-ui.mjs
// - initial JS and CSS size, gzipped, from dist/
// - time to first readouts and to the first full curve on load
// - control change → readouts and timeline updated and painted: p50/p95 of 50 changes, two ways:
//   a timer after the next animation frame (an upper bound: tasks queued behind the paint delay it)
//   and, from the browser's trace, the end of the main thread's paint of the frame with the result
// - control change → full sweep (curve) drawn
// - a fast slider drag: longest main-thread task and longest gap between frames
// The changes start once the page has warmed its engine up while idle (the `lab:warm` mark, about
// a second after the first curve, while a student reads the page); `--right-after-load` starts
// them as soon as the first curve is drawn instead, when the first changes run cold.
// First, from navigation in a fresh context (scripts/measure-first-clicks.mjs): the JavaScript requested
// before the first readouts painted (gzipped), and the first 20 workload switches by Event Timing,
// clicked with no waiting for the warm-up. `--first-clicks` measures only that (`--runs N` repeats it,
// each in a fresh context, and gives the median and range).
// Results print as a table and are written to test-results/measure-ui.json.
/* global console, process, document, performance, requestAnimationFrame, setTimeout, PerformanceObserver, window, MutationObserver */
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { preview } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { measureFirstClicks, measureLinkLanding, pct, r1 } from './measure-first-clicks.mjs';
import { paintTimes, startTrace } from './trace-paint.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');


async function bundleSizes() {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\bhref)="([^"]+)"/g)].map((m) => m[1]).filter((u) => /\.(js|css)$/.test(u));
  const sizes = { js: 0, jsGzip: 0, css: 0, cssGzip: 0, files: [] };
  for (const ref of refs) {
    const body = await readFile(join(dist, ref.replace(/^\.?\//, '')));
    const gz = gzipSync(body, { level: 9 }).length;
    const kind = ref.endsWith('.js') ? 'js' : 'css';
    sizes[kind] += body.length;
    sizes[`${kind}Gzip`] += gz;
    sizes.files.push({ file: ref, bytes: body.length, gzip: gz });
  }
  // The worker chunk is fetched at start-up too (the first run begins before React renders).
  const entry = sizes.files.find((f) => f.file.endsWith('.js'));
  const entrySource = entry ? await readFile(join(dist, entry.file.replace(/^\.?\//, '')), 'utf8') : '';
  const worker = /(sim\.worker-[\w-]+\.js)/.exec(entrySource)?.[1];
  if (worker) {
    const body = await readFile(join(dist, 'assets', worker));
    sizes.worker = { file: worker, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length };
  }
  return sizes;
}

/** In-page probe: records when results and the sweep change, and the next paint after each. */
function probe() {
  window.__lab = { changes: [], sweeps: [], lastKey: 0, firstReady: null, firstSweep: null, longTasks: [], frames: [] };
  const lab = window.__lab;
  const afterPaint = (cb) => requestAnimationFrame(() => setTimeout(() => cb(performance.now()), 0));
  window.addEventListener('keydown', (e) => (lab.lastKey = e.timeStamp), true);
  window.addEventListener('pointerdown', (e) => (lab.lastKey = e.timeStamp), true);
  try {
    new PerformanceObserver((list) => lab.longTasks.push(...list.getEntries().map((e) => ({ start: e.startTime, duration: e.duration })))).observe({ type: 'longtask', buffered: true });
  } catch {
    /* not supported */
  }
  const watch = () => {
    const main = document.querySelector('main#results');
    if (!main) return requestAnimationFrame(watch);
    let lastId = main.dataset.resultId;
    let lastSweep = main.dataset.sweep;
    // The first run may be ready at the very first render (it ran on the page, not in the worker).
    if (main.dataset.state === 'ready') afterPaint((painted) => (lab.firstReady ??= painted));
    new MutationObserver(() => {
      const now = performance.now();
      if (main.dataset.resultId !== lastId && main.dataset.state === 'ready') {
        lastId = main.dataset.resultId;
        // A mark in the browser's trace: the main-thread paint after it is found there (see paintTimes).
        console.timeStamp(`lab:commit:${lastId}`);
        const from = lab.lastKey;
        afterPaint((painted) => {
          if (lab.firstReady === null) lab.firstReady = painted;
          lab.changes.push({ from, commit: now, painted });
        });
      }
      if (main.dataset.sweep !== lastSweep) {
        lastSweep = main.dataset.sweep;
        if (lastSweep === 'done') {
          const from = lab.lastKey;
          afterPaint((painted) => {
            if (lab.firstSweep === null) lab.firstSweep = painted;
            lab.sweeps.push({ from, painted });
          });
        }
      }
    }).observe(main, { attributes: true, attributeFilter: ['data-result-id', 'data-state', 'data-sweep'] });
  };
  watch();
}

async function waitCount(page, key, n) {
  await page.waitForFunction(([k, c]) => window.__lab[k].length >= c, [key, n], { timeout: 30_000 });
}

/** Serves dist/ with `vite preview` on 127.0.0.1 at a free port, as the end-to-end tests do. */
async function serveDist() {
  const server = await preview({ root, logLevel: 'warn', preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report its address');
  return { url, close: () => server.close() };
}

async function main() {
  if (!existsSync(join(dist, 'index.html'))) throw new Error('dist/index.html is missing: run `npm run build` first.');
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium, or set CHROMIUM_PATH.`);
  const sizes = await bundleSizes();
  const server = await serveDist();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  if (process.argv.includes('--links')) {
    const landing = await measureLinkLanding(browser, server.url);
    await browser.close();
    await server.close();
    for (const l of landing) console.log(`?${l.link.padEnd(11)} readouts painted ${l.readoutsPaintedMs} ms, its heading in view ${l.inViewMs} ms: ${l.afterReadoutsMs} ms after the readouts`);
    await mkdir(join(root, 'test-results'), { recursive: true });
    await writeFile(join(root, 'test-results', 'measure-links.json'), JSON.stringify({ date: new Date().toISOString(), landing }, null, 2));
    return;
  }
  const runsArg = process.argv.indexOf('--runs');
  const runs = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 1;
  const firstClicks = [];
  for (let i = 0; i < runs; i++) firstClicks.push(await measureFirstClicks(browser, server.url, dist));
  printFirstClicks(firstClicks);
  if (process.argv.includes('--first-clicks')) {
    await browser.close();
    await server.close();
    await mkdir(join(root, 'test-results'), { recursive: true });
    await writeFile(join(root, 'test-results', 'measure-ui.json'), JSON.stringify({ date: new Date().toISOString(), firstClicks }, null, 2));
    return;
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(probe);
  await page.goto(server.url);
  await page.waitForSelector('main#results[data-state="ready"][data-sweep="done"]', { timeout: 30_000 });
  await page.waitForFunction(() => window.__lab.firstSweep !== null);
  const rightAfterLoad = process.argv.includes('--right-after-load');
  if (!rightAfterLoad) {
    await page.waitForFunction(() => performance.getEntriesByName('lab:warm').length > 0, null, { timeout: 30_000 }).catch(async (e) => {
      console.log(await page.evaluate(() => JSON.stringify(performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)]))));
      throw e;
    });
  }
  const load = await page.evaluate(() => {
    const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
    const nav = performance.getEntriesByType('navigation')[0];
    return {
      firstReady: window.__lab.firstReady,
      firstSweep: window.__lab.firstSweep,
      domContentLoaded: nav?.domContentLoadedEventEnd ?? null,
      workerStart: mark('lab:worker-start'),
      firstResult: mark('lab:first-result'),
      warm: mark('lab:warm'),
    };
  });

  // 50 control changes, alternating the users slider (the curve is cached) and the prompt slider (new curve).
  const users = page.getByRole('slider', { name: 'Concurrent users' });
  const prompt = page.getByRole('slider', { name: 'Prompt length (input tokens)' });
  const updates = [];
  const sweepTimes = [];
  const trace = await startTrace(page);
  for (let i = 0; i < 50; i++) {
    // Users go up and down (the curve comes from the cache); the prompt only grows, so every prompt step needs a new curve.
    const control = i % 2 === 0 ? users : prompt;
    const key = control === prompt || i % 4 === 0 ? 'ArrowRight' : 'ArrowLeft';
    const before = await page.evaluate(() => [window.__lab.changes.length, window.__lab.sweeps.length]);
    await control.focus();
    await control.press(key);
    await waitCount(page, 'changes', before[0] + 1);
    await page.waitForSelector('main#results[data-sweep="done"]', { timeout: 30_000 });
    await waitCount(page, 'sweeps', before[1] + 1);
    const [change, sweep] = await page.evaluate(() => [window.__lab.changes.at(-1), window.__lab.sweeps.at(-1)]);
    updates.push(change.painted - change.from);
    if (control === prompt) sweepTimes.push(sweep.painted - sweep.from);
  }
  const painted = paintTimes(await trace.stop());

  // A fast drag: 60 prompt-slider steps, one every 16 ms, without waiting for results.
  await page.evaluate(() => {
    window.__lab.longTasks = [];
    window.__lab.frames = [];
    const tick = (t) => {
      window.__lab.frames.push(t);
      if (window.__lab.frames.length < 400) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await prompt.focus();
  const dragStart = await page.evaluate(() => performance.now());
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press(i < 30 ? 'ArrowRight' : 'ArrowLeft');
    await page.waitForTimeout(16);
  }
  const dragEnd = await page.evaluate(() => performance.now());
  await page.waitForSelector('main#results[data-state="ready"][data-sweep="done"]', { timeout: 30_000 });
  const settled = await page.evaluate(() => performance.now());
  const drag = await page.evaluate(([a, b]) => {
    const frames = window.__lab.frames.filter((t) => t >= a && t <= b);
    let gap = 0;
    for (let i = 1; i < frames.length; i++) gap = Math.max(gap, frames[i] - frames[i - 1]);
    const tasks = window.__lab.longTasks.filter((t) => t.start >= a && t.start <= b);
    return { frames: frames.length, longestFrameGapMs: gap, longTasks: tasks.length, longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)) };
  }, [dragStart, dragEnd]);

  await browser.close();
  await server.close();

  const report = {
    date: new Date().toISOString(),
    firstClicks,
    bundle: {
      initialJsGzipKB: r1(sizes.jsGzip / 1024),
      initialJsKB: r1(sizes.js / 1024),
      workerJsGzipKB: sizes.worker ? r1(sizes.worker.gzip / 1024) : null,
      cssGzipKB: r1(sizes.cssGzip / 1024),
      files: sizes.files,
    },
    load: {
      domContentLoadedMs: r1(load.domContentLoaded),
      workerStartMs: r1(load.workerStart),
      firstResultReceivedMs: r1(load.firstResult),
      firstReadoutsPaintedMs: r1(load.firstReady),
      firstFullCurveMs: r1(load.firstSweep),
      engineWarmMs: load.warm === null ? null : r1(load.warm),
    },
    changesStart: rightAfterLoad ? 'right after the first curve' : 'after the engine warmed up (lab:warm)',
    controlToReadouts: { n: updates.length, p50Ms: r1(pct(updates, 50)), p95Ms: r1(pct(updates, 95)), maxMs: r1(Math.max(...updates)) },
    controlToReadoutsTraced: { n: painted.length, p50Ms: r1(pct(painted, 50)), p95Ms: r1(pct(painted, 95)), maxMs: r1(Math.max(...painted)), samplesMs: painted.map(r1) },
    controlToFullCurve: { n: sweepTimes.length, p50Ms: r1(pct(sweepTimes, 50)), p95Ms: r1(pct(sweepTimes, 95)), maxMs: r1(Math.max(...sweepTimes)) },
    fastDrag: { steps: 60, durationMs: r1(dragEnd - dragStart), settleAfterMs: r1(settled - dragEnd), ...drag, longestFrameGapMs: r1(drag.longestFrameGapMs), longestTaskMs: r1(drag.longestTaskMs) },
  };
  await mkdir(join(root, 'test-results'), { recursive: true });
  await writeFile(join(root, 'test-results', 'measure-ui.json'), JSON.stringify(report, null, 2));
  console.log(`Initial JS (gzip)            ${report.bundle.initialJsGzipKB} KB  (raw ${report.bundle.initialJsKB} KB); worker ${report.bundle.workerJsGzipKB} KB gzip; CSS ${report.bundle.cssGzipKB} KB gzip`);
  const l = report.load;
  console.log(`Load (ms after navigation)   worker created ${l.workerStartMs}, first result received ${l.firstResultReceivedMs}, readouts painted ${l.firstReadoutsPaintedMs}, full curve ${l.firstFullCurveMs}, engine warm ${l.engineWarmMs ?? 'not yet'} (DOMContentLoaded ${l.domContentLoadedMs})`);
  console.log(`Control changes start        ${report.changesStart}`);
  const t = report.controlToReadoutsTraced;
  console.log(`Control → readouts painted   p50 ${t.p50Ms} ms, p95 ${t.p95Ms} ms, max ${t.maxMs} ms (n = ${t.n}: key press to the end of the main thread's paint of the frame with the result, from the trace)`);
  const u = report.controlToReadouts;
  console.log(`  … by a timer               p50 ${u.p50Ms} ms, p95 ${u.p95Ms} ms, max ${u.maxMs} ms (n = ${u.n}: a task after the next frame; an upper bound, later if other tasks are queued behind the paint)`);
  console.log(`Control → full curve drawn   p50 ${report.controlToFullCurve.p50Ms} ms, p95 ${report.controlToFullCurve.p95Ms} ms (n = ${report.controlToFullCurve.n}, new 9-point sweep each)`);
  console.log(`Fast drag (60 steps/16 ms)   ${report.fastDrag.frames} frames, longest frame gap ${report.fastDrag.longestFrameGapMs} ms, long tasks ${report.fastDrag.longTasks} (longest ${report.fastDrag.longestTaskMs} ms); settled ${report.fastDrag.settleAfterMs} ms after the last step`);
}

/** Prints the from-navigation figures: each run's, then the median and range when there are several. */
function printFirstClicks(runs) {
  const med = (xs) => r1(pct(xs, 50));
  const range = (xs) => (xs.length > 1 ? ` (median of ${xs.length}; range ${r1(Math.min(...xs))}–${r1(Math.max(...xs))})` : '');
  const kb = runs.map((r) => r.jsBeforeFirstReadoutGzipKB);
  const p95 = runs.map((r) => r.workloadSwitches.p95Ms);
  const p50 = runs.map((r) => r.workloadSwitches.p50Ms);
  const ready = runs.map((r) => r.firstReadoutsPaintedMs);
  console.log(`JS before first readouts     ${med(kb)} KB gzip${range(kb)}: ${runs[0].scriptsBeforeFirstReadout.map((f) => `${f.file.split('/').pop()} ${r1(f.gzip / 1024)}`).join(', ')}`);
  console.log(`First readouts painted       ${med(ready)} ms after navigation${range(ready)}`);
  console.log(`First ${runs[0].workloadSwitches.n} workload switches    p50 ${med(p50)} ms, p95 ${med(p95)} ms${range(p95)} (Event Timing click duration, from navigation, no warm-up wait; under 16 ms counts as 16)`);
  const part = (k) => `${k} p50 ${med(runs.map((r) => r.workloadSwitches.parts[k].p50Ms))}, p95 ${med(runs.map((r) => r.workloadSwitches.parts[k].p95Ms))}`;
  console.log(`  … of which                 ${['inputDelay', 'handlers', 'afterHandlers'].map(part).join('; ')} ms (waiting for the main thread; handlers, with a run on the page; render and paint)`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
