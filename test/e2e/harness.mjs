// A lab page in a fresh context that records console errors and every request
// leaving 127.0.0.1 (those are blocked, and fail the test).
/* global URL, document, location, window */
import assert from 'node:assert/strict';

export async function openLab(browser, baseUrl, root, { query = '', width = 1280, height = 900, colorScheme = 'light', reducedMotion = 'no-preference', permissions = [], state = 'ready', track = () => {} } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme, reducedMotion, baseURL: baseUrl });
  if (permissions.length) await context.grantPermissions(permissions, { origin: baseUrl });
  const errors = [];
  const outside = [];
  const requests = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    requests.push(url.href);
    if (url.protocol === 'data:' || url.protocol === 'blob:' || url.hostname === '127.0.0.1') return route.continue();
    outside.push(url.href);
    return route.abort();
  });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.hostname !== '127.0.0.1') outside.push(url.href);
  });
  const lab = {
    page,
    context,
    errors,
    outside,
    requests,
    assertClean() {
      assert.deepEqual(errors, [], `console errors: ${errors.join(' | ')}`);
      assert.deepEqual(outside, [], `requests left 127.0.0.1: ${outside.join(', ')}`);
    },
  };
  track(lab);
  await page.goto(query.startsWith('?') || query === '' ? `${baseUrl}${query}` : `${baseUrl}?${query}`);
  try {
    await ready(page, state);
  } catch (e) {
    const shown = await page.locator('main#results').getAttribute('data-state').catch(() => 'no main');
    throw new Error(`lab did not reach "${state}" (data-state=${shown}; console errors: ${errors.join(' | ') || 'none'}): ${e.message}`);
  }
  return lab;
}

/** Waits until the shown results belong to the newest settings. */
export async function ready(page, state = 'ready') {
  await page.waitForSelector(`main#results[data-state="${state}"]`, { timeout: 20_000 });
}

/** Waits for results newer than `afterId`, then for them to be current. */
export async function nextResult(page, afterId) {
  await page.waitForFunction((id) => Number(document.querySelector('main#results')?.dataset.resultId ?? 0) > id, afterId, { timeout: 20_000 });
  await ready(page);
}

export async function resultId(page) {
  return Number(await page.locator('main#results').getAttribute('data-result-id'));
}

/** Runs `action`, then waits for the run it causes. */
export async function act(page, action) {
  const id = await resultId(page);
  await action();
  await nextResult(page, id);
}

/** Text of a readout by its `data-metric`. */
export async function readout(page, metric) {
  return (await page.locator(`[data-metric="${metric}"]`).textContent())?.trim() ?? '';
}

/** A readout as a number in its base unit: ms for durations, tok/s, req/s, tokens. */
export async function readNumber(page, metric) {
  const text = await readout(page, metric);
  const m = /^(-?[\d,]*\.?\d+)\s*(ms|s|tok\/s|req\/s|tokens)$/.exec(text);
  assert.ok(m, `readout ${metric} has no number with a unit: "${text}"`);
  const n = Number(m[1].replace(/,/g, ''));
  assert.ok(Number.isFinite(n), `readout ${metric} is not finite: "${text}"`);
  return m[2] === 's' ? n * 1000 : n;
}

export const METRICS = ['ttft', 'tpot', 'e2e', 'output-tokens', 'system-throughput', 'user-throughput', 'goodput', 'verdict'];

/** Waits until the page's URL matches `re` (the lab coalesces URL writes while a control moves). */
export async function urlMatches(page, re) {
  await page.waitForFunction(([source, flags]) => new RegExp(source, flags).test(location.href), [re.source, re.flags], { timeout: 5_000 });
}

/**
 * Off-screen chart cards use `content-visibility: auto` (the browser skips
 * drawing them until they scroll near the viewport). A full-page screenshot
 * would show them blank, so draw everything first.
 */
export async function renderEverything(page) {
  await page.addStyleTag({ content: '[data-testid$="-section"] { content-visibility: visible !important; }' });
  await page.waitForTimeout(50);
}

/**
 * Runs axe-core on the page and fails on any serious or critical violation.
 * Returns every violation (the caller may look at the minor ones).
 */
export async function axeClean(page, root) {
  const { readFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  await page.evaluate(await readFile(join(root, 'node_modules/axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`.replace(/\s+/g, ' ')) }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(serious, [], JSON.stringify(serious, null, 1));
  return violations;
}
