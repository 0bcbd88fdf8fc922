// The lab from navigation, as a student meets it (used by scripts/measure-ui.mjs):
// - the JavaScript the page requested before its first readouts painted, gzipped
//   (each file's size gzipped from dist/, so it does not depend on the server compressing);
// - the first workload switches, clicked as soon as the pickers and readouts are on
//   screen, with no waiting for the page's warm-up: each click's duration by Event
//   Timing (PerformanceObserver 'event': input to the next paint after its handlers).
/* global document, performance, requestAnimationFrame, setTimeout, PerformanceObserver, window, MutationObserver, URL, URLSearchParams, location */
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

/** The workloads the switches cycle through (their labels on the page). */
const WORKLOADS = [
  { id: 'chat', label: 'Chatbot reply' },
  { id: 'autocomplete', label: 'Code autocomplete' },
  { id: 'summarize', label: 'Summarize a long doc' },
  { id: 'report', label: 'Write a long report' },
];

/** In-page probe, added before navigation: the first readouts' paint, event timings, script requests. */
function firstClicksProbe() {
  const lab = (window.__first = { readyPainted: null, events: [], resources: [] });
  const afterPaint = (cb) => requestAnimationFrame(() => setTimeout(() => cb(performance.now()), 0));
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      lab.events.push({ name: e.name, start: e.startTime, duration: e.duration, inputDelay: e.processingStart - e.startTime, handlers: e.processingEnd - e.processingStart });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) lab.resources.push({ url: e.name, start: e.startTime, initiator: e.initiatorType });
  }).observe({ type: 'resource', buffered: true });
  const watch = () => {
    const main = document.querySelector('main#results');
    if (!main) return requestAnimationFrame(watch);
    const check = () => {
      if (lab.readyPainted === null && main.dataset.state === 'ready') {
        lab.readyPainted = -1;
        afterPaint((t) => (lab.readyPainted = t));
      }
    };
    check();
    new MutationObserver(check).observe(main, { attributes: true, attributeFilter: ['data-state'] });
  };
  watch();
}

/** The p-th percentile of `xs`, interpolated as numpy does; NaN for none. */
export const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const i = (s.length - 1) * (p / 100);
  const lo = Math.floor(i);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (i - lo);
};
/** `x` to one decimal. */
export const r1 = (x) => Math.round(x * 10) / 10;

/** Gzipped size of a built file named by its URL, bytes (0 when it is not one of dist/'s). */
async function gzipOf(dist, url) {
  const path = new URL(url).pathname.replace(/^\//, '');
  try {
    return gzipSync(await readFile(join(dist, path)), { level: 9 }).length;
  } catch {
    return 0;
  }
}

/**
 * Opens the lab in a fresh context, records the scripts requested before the first
 * readouts painted (the page's own resource timing plus the browser's requests, so a
 * worker's script counts too), then switches workloads `switches` times, each as soon
 * as the previous switch's readouts are on screen.
 */
export async function measureFirstClicks(browser, url, dist, switches = 20) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const requested = [];
  // Workers' requests reach the context, not always the page's resource timing.
  context.on('request', (r) => requested.push({ url: r.url(), at: Date.now() }));
  await page.addInitScript(firstClicksProbe);
  await page.goto(url);
  await page.waitForFunction(() => window.__first.readyPainted > 0, null, { timeout: 30_000 });
  const [readyPainted, timeOrigin] = await page.evaluate(() => [window.__first.readyPainted, performance.timeOrigin]);
  const readyAt = timeOrigin + readyPainted;
  const scripts = new Map();
  for (const r of requested) if (r.at <= readyAt && /\.m?js(\?|$)/.test(r.url)) scripts.set(r.url, 0);
  for (const r of await page.evaluate(() => window.__first.resources)) if (r.start <= readyPainted && /\.m?js(\?|$)/.test(r.url)) scripts.set(r.url, 0);
  for (const u of scripts.keys()) scripts.set(u, await gzipOf(dist, u));

  const clicks = [];
  const order = await page.evaluate(() => new URLSearchParams(location.search).get('workload') ?? 'chat');
  let at = Math.max(0, WORKLOADS.findIndex((w) => w.id === order));
  for (let i = 0; i < switches; i++) {
    at = (at + 1) % WORKLOADS.length;
    const before = await page.evaluate(() => [performance.now(), Number(document.querySelector('main#results').dataset.resultId)]);
    await page.getByText(WORKLOADS[at].label, { exact: true }).click();
    await page.waitForFunction((id) => {
      const m = document.querySelector('main#results');
      return Number(m.dataset.resultId) > id && m.dataset.state === 'ready';
    }, before[1], { timeout: 30_000 });
    // Event Timing reports a click after the frame it caused has painted.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0)))));
    clicks.push(before[0]);
  }
  const events = await page.evaluate(() => window.__first.events);
  await context.close();
  // A click under 16 ms is not reported (the observer's least threshold): counted as 16 ms, an upper bound.
  const timed = clicks.map((t0, i) => {
    const next = clicks[i + 1] ?? Infinity;
    const e = events.filter((x) => x.name === 'click' && x.start >= t0 && x.start < next).sort((a, b) => b.duration - a.duration)[0];
    return e ? { duration: e.duration, inputDelay: e.inputDelay, handlers: e.handlers, afterHandlers: e.duration - e.inputDelay - e.handlers } : { duration: 16, inputDelay: 0, handlers: 0, afterHandlers: 0 };
  });
  const durations = timed.map((t) => t.duration);
  // Where a click's time goes: waiting for the main thread, its handlers (a run on the page happens there), then render and paint.
  const parts = Object.fromEntries(['inputDelay', 'handlers', 'afterHandlers'].map((k) => [k, { p50Ms: r1(pct(timed.map((t) => t[k]), 50)), p95Ms: r1(pct(timed.map((t) => t[k]), 95)) }]));
  const files = [...scripts].map(([u, gzip]) => ({ file: new URL(u).pathname, gzip }));
  return {
    jsBeforeFirstReadoutGzipKB: r1(files.reduce((s, f) => s + f.gzip, 0) / 1024),
    firstReadoutsPaintedMs: r1(readyPainted),
    scriptsBeforeFirstReadout: files,
    workloadSwitches: { n: durations.length, p50Ms: r1(pct(durations, 50)), p95Ms: r1(pct(durations, 95)), maxMs: r1(Math.max(...durations)), samplesMs: durations, parts, samples: timed.map((t) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, r1(v)]))) },
  };
}

/** In-page: the first frame in which the element `selector` names is inside the viewport, ms after navigation. */
function landingProbe(selector) {
  window.__landed = null;
  const tick = () => {
    const el = document.querySelector(selector);
    const r = el?.getBoundingClientRect();
    if (r && r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight) window.__landed = performance.now();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/**
 * For each `?question=N` and `?scene=N` (fresh contexts, 1280 × 800): how long after the
 * first readouts painted the linked panel's heading was in the viewport, ms.
 */
export async function measureLinkLanding(browser, url) {
  const out = [];
  for (const [kind, count] of [['question', 5], ['scene', 3]]) {
    for (let n = 1; n <= count; n++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.addInitScript(firstClicksProbe);
      await page.addInitScript(landingProbe, `[data-${kind}="${n}"] [data-testid="${kind}-heading"]`);
      await page.goto(`${url}?${kind}=${n}`);
      await page.waitForFunction(() => window.__first.readyPainted > 0 && window.__landed !== null, null, { timeout: 30_000 });
      const [ready, landed] = await page.evaluate(() => [window.__first.readyPainted, window.__landed]);
      out.push({ link: `${kind}=${n}`, readoutsPaintedMs: r1(ready), inViewMs: r1(landed), afterReadoutsMs: r1(landed - ready) });
      await context.close();
    }
  }
  return out;
}
