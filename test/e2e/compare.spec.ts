// The compare panel mounted in the page: import benchmark files, a bad file,
// export commands, the run's diamond on the throughput curve, and a live
// measurement of a tiny OpenAI-compatible SSE server on 127.0.0.1.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, ROOT, shotPath, test } from './fixtures';
import { axeClean, renderEverything } from './helpers';

const fixture = (name: string) => join(ROOT, 'test', 'fixtures', name);

/** The compare section, scrolled into view once the page and its curve are ready (the panel is its own chunk). */
async function compareSection(page: Page) {
  await page.waitForSelector('main#results[data-sweep="done"]', { timeout: 120_000 });
  const section = page.getByTestId('compare-section');
  await section.scrollIntoViewIfNeeded();
  await section.locator('input[type="file"]').waitFor({ state: 'attached' });
  return section;
}

/** A row of the comparison table, by the metric it starts with. */
const row = (section: Locator, metric: string) => section.locator('table').filter({ hasText: 'Simulated versus' }).getByRole('row', { name: new RegExp(`^${metric}(\\s|$)`) });

/** The real run's cell of a row of the comparison table. */
const realCell = (section: Locator, metric: string) => row(section, metric).locator('td').nth(1);

/** Waits until the curve draws exactly one real run, labelled `label`, and returns its drawn text. */
async function curvePoint(page: Page, label: string | null) {
  const point = page.locator('[data-testid="curve-extra-point"]');
  await page.waitForFunction((l) => {
    const g = document.querySelectorAll('[data-testid="curve-extra-point"]');
    return g.length === 1 && g[0].getAttribute('data-label') === l;
  }, label);
  return { text: (await point.textContent()) ?? '', placedBy: await point.getAttribute('data-placed-by'), diamonds: await point.locator('path').count() };
}

/**
 * A tiny OpenAI-compatible chat server on 127.0.0.1: answers the CORS
 * preflight, then streams a role-only chunk, `chunks` content chunks, a usage
 * chunk and [DONE] as server-sent events.
 */
async function startSseServer({ ttftMs = 60, gapMs = 15, chunks = 6 } = {}) {
  const seen: string[] = [];
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'POST, OPTIONS', 'access-control-allow-headers': 'content-type, authorization', 'access-control-max-age': '600' };
  const server = createServer((req, res: ServerResponse) => {
    seen.push(`${req.method} ${req.url}`);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { ...cors, 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { ...cors, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const event = (data: unknown) => res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
      const chunk = (delta: object) => ({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'tiny', choices: [{ index: 0, delta, finish_reason: null }] });
      event(chunk({ role: 'assistant' }));
      let k = 0;
      const next = () => {
        if (res.destroyed) return;
        if (k < chunks) {
          event(chunk({ content: ` w${k}` }));
          k++;
          setTimeout(next, gapMs);
          return;
        }
        event({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'tiny', choices: [], usage: { prompt_tokens: 12, completion_tokens: chunks, total_tokens: 12 + chunks } });
        event('[DONE]');
        res.end();
      };
      setTimeout(next, ttftMs);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((ok) => {
      server.closeAllConnections();
      server.close(() => ok());
    }),
  };
}

test('imports vLLM and lab CSV files: table, verdict, a diamond on the curve; a truncated file alerts and keeps the run; export commands', async ({ lab }) => {
  const { page } = await lab();
  const section = await compareSection(page);
  await expect(section.getByRole('heading', { name: 'Compare with a real run', level: 2 })).toHaveCount(1);
  const input = section.locator('input[type="file"]');

  // Export: the scenario as a vLLM command with its load.
  const vllmCmd = section.getByLabel('vLLM bench serve command');
  await expect(vllmCmd).toHaveText(/vllm bench serve/);
  await expect(vllmCmd).toHaveText(/--max-concurrency \d+|--request-rate \S+/);

  // vLLM bench serve --save-detailed: 3 completed, 1 failed, concurrency 2.
  await input.setInputFiles(fixture('vllm-detailed.json'));
  await section.getByText('Remove this run').waitFor();
  await expect(section.locator('caption').first()).toHaveText(/Simulated versus imported/);
  await expect(realCell(section, 'TTFT p50')).toHaveText('300 ms');
  await expect(realCell(section, 'Completed \\(failed\\)')).toHaveText(/^3 \(1\)$/);
  // Default SLO (TTFT 500 ms, TPOT 50 ms): p95 TTFT 480 ms meets, p95 TPOT ≈ 65 ms misses.
  await expect(section).toHaveText(/Missed at p95: p95 TPOT [\d.]+ ms > 50 ms/);
  let point = await curvePoint(page, 'vllm-detailed.json');
  expect(point.placedBy).toBe('users');
  expect(point.text).toMatch(/vllm-detailed\.json · 2 users/);
  expect(point.diamonds, 'one diamond for throughput, p50 and p95 for TTFT and TPOT').toBe(5);

  // The lab's own CSV replaces it.
  await input.setInputFiles(fixture('lab-run.csv'));
  point = await curvePoint(page, 'hand-made example (matches the vLLM, GenAI-Perf and AIPerf fixtures)');
  expect(point.text, 'a long name is shortened beside the diamond').toMatch(/hand-made example \(matches … · 2 users/);
  await expect(section).toHaveText(/Latency Lab per-request CSV: 3 completed, 1 failed/);
  await expect(realCell(section, 'TTFT p50')).toHaveText('300 ms');
  await expect(section).toHaveText(/(Met|Missed) at p95/);

  // A truncated JSON file: a clear alert, and the CSV run stays (table, verdict, curve).
  const dir = await mkdtemp(join(tmpdir(), 'lab-compare-'));
  try {
    const text = await readFile(fixture('vllm-detailed.json'), 'utf8');
    const bad = join(dir, 'truncated.json');
    await writeFile(bad, text.slice(0, Math.floor(text.length / 2)));
    await input.setInputFiles(bad);
    const alert = section.getByRole('alert');
    await expect(alert).toHaveText(/^Could not import truncated\.json: .*truncated/);
    await expect(alert).toHaveText(/The run shown is still hand-made example/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await expect(realCell(section, 'TTFT p50')).toHaveText('300 ms');
  await expect(section).toHaveText(/Latency Lab per-request CSV: 3 completed, 1 failed/);
  await curvePoint(page, 'hand-made example (matches the vLLM, GenAI-Perf and AIPerf fixtures)');

  // Keyboard: the file picker, then the endpoint form, then its start button.
  await input.focus();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.trim())).toBe('Base URL');
  let reached = false;
  for (let i = 0; i < 15 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() => document.activeElement?.textContent?.trim() === 'Start measuring');
  }
  expect(reached, 'Tab reaches "Start measuring"').toBe(true);

  await axeClean(page);
  await renderEverything(page);
  await section.screenshot({ path: shotPath('compare-1280-light.png') });
  await page.getByTestId('curve-section').screenshot({ path: shotPath('compare-curve-1280-light.png') });

  // Removing the run takes it off the curve.
  await section.getByRole('button', { name: 'Remove this run' }).click();
  await expect(page.locator('[data-testid="curve-extra-point"]')).toHaveCount(0);
});

test('the simulated run downloads as the lab CSV and imports back with the same TTFT', async ({ lab }) => {
  const { page, assertClean } = await lab({ query: 'workload=autocomplete&load=busy&requests=200' });
  const section = await compareSection(page);
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download the simulation as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('latency-lab-simulation.csv');
  const text = await readFile(await file.path(), 'utf8');
  expect(text.startsWith('# latency-lab per-request v1'), text.slice(0, 60)).toBe(true);
  const rows = text.split('\n').filter((l) => /^\d+,/.test(l));
  expect(rows.length, 'one row per simulated request').toBe(200);
  await section.locator('input[type="file"]').setInputFiles(await file.path());
  await section.getByText('Remove this run').waitFor();
  // Exported and re-imported: the imported column shows the simulated TTFT and TPOT medians again.
  for (const metric of ['TTFT p50', 'TPOT p50']) {
    const simulated = (await row(section, metric).locator('td').nth(0).textContent())?.trim();
    const imported = (await realCell(section, metric).textContent())?.trim();
    expect(simulated, `${metric}: simulated ${simulated}, re-imported ${imported}`).toBeTruthy();
    expect(imported, `${metric}: simulated ${simulated}, re-imported ${imported}`).toBe(simulated);
  }
  assertClean();
});

test('390 px, dark: an imported run fits the phone layout, on the curve and in the panel', async ({ lab }) => {
  const { page } = await lab({ width: 390, colorScheme: 'dark' });
  const section = await compareSection(page);
  await section.locator('input[type="file"]').setInputFiles(fixture('vllm-detailed.json'));
  await curvePoint(page, 'vllm-detailed.json');
  await section.getByText(/Missed at p95/).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `the page scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
  await axeClean(page);
  await renderEverything(page);
  await section.screenshot({ path: shotPath('compare-390-dark.png') });
  // The section is long on a phone: also save it in screen-sized parts to look at.
  const box = await section.boundingBox();
  expect(box, 'the compare section is laid out').not.toBeNull();
  const top = box!.y + (await page.evaluate(() => window.scrollY));
  for (let y = 0, i = 1; y < box!.height; y += 900, i++) {
    await page.screenshot({ path: shotPath(`compare-390-dark-part${i}.png`), fullPage: true, clip: { x: 0, y: top + y, width: 390, height: Math.min(900, box!.height - y) } });
  }
  await page.getByTestId('curve-section').screenshot({ path: shotPath('compare-curve-390-dark.png') });
});

test('measures a live local SSE endpoint: TTFT and TPOT filled, the run on the curve, requests only to 127.0.0.1', async ({ lab }) => {
  const sse = await startSseServer();
  try {
    const l = await lab({ width: 1280 });
    const { page } = l;
    const section = await compareSection(page);
    const form = section.locator('form');
    await form.getByLabel('Base URL').fill(sse.url);
    await form.getByLabel('Model').fill('tiny');
    await form.getByLabel('Requests', { exact: true }).fill('3');
    await form.getByLabel('Concurrency', { exact: true }).fill('1');
    await form.getByLabel('Output (max_tokens)').fill('6');
    await form.getByRole('button', { name: 'Start measuring' }).click();
    await form.getByRole('status').filter({ hasText: '3 of 3 requests (finished)' }).waitFor({ timeout: 120_000 });
    await section.getByText('live endpoint measurement: 3 completed, 0 failed').waitFor();

    const ttft = (await realCell(section, 'TTFT p50').textContent())?.trim() ?? '';
    const tpot = (await realCell(section, 'TPOT p50').textContent())?.trim() ?? '';
    const ttftMs = Number(/^([\d.]+) ms$/.exec(ttft)?.[1]);
    const tpotMs = Number(/^([\d.]+) ms$/.exec(tpot)?.[1]);
    // Lower bounds only: the server waits 60 ms, then 15 ms between chunks, and a busy machine only adds to that.
    expect(Number.isFinite(ttftMs) && ttftMs >= 50, `TTFT p50 "${ttft}" (server waits 60 ms)`).toBe(true);
    expect(Number.isFinite(tpotMs) && tpotMs >= 5, `TPOT p50 "${tpot}" (server sends a chunk every 15 ms)`).toBe(true);
    await expect(section.getByRole('alert')).toHaveCount(0);
    const label = await page.locator('[data-testid="curve-extra-point"]').getAttribute('data-label');
    const point = await curvePoint(page, label);
    expect(point.text).toMatch(/· 1 user\b/);

    // One warm-up and three measured requests reached the server. (The fixture's request
    // routing answers the browser's CORS preflight itself, so check the server's answer here.)
    const posts = sse.seen.filter((s) => s === 'POST /v1/chat/completions');
    expect(posts.length, sse.seen.join(', ')).toBe(4);
    const preflight = await fetch(`${sse.url}/v1/chat/completions`, { method: 'OPTIONS', headers: { origin: new URL(page.url()).origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers') ?? '').toMatch(/content-type/);
    // Every request went to the lab's own origin or to the endpoint the form names (the fixture checks the host).
    const allowed = new Set([new URL(page.url()).origin, sse.url]);
    for (const r of l.requests) expect(allowed.has(new URL(r).origin), `unexpected request ${r}`).toBe(true);
    await axeClean(page);
  } finally {
    await sse.close();
  }
});
