/* global document, window, URL, fetch, setTimeout */
// The compare panel mounted in the page: import benchmark files, a bad file,
// export commands, the run's diamond on the throughput curve, and a live
// measurement of a tiny OpenAI-compatible SSE server on 127.0.0.1.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { axeClean, renderEverything } from './harness.mjs';

const fixture = (root, name) => join(root, 'test', 'fixtures', name);

/** The compare section, scrolled into view once the page and its curve are ready (the panel is its own chunk). */
async function compareSection(page) {
  await page.waitForSelector('main#results[data-sweep="done"]', { timeout: 30_000 });
  const section = page.getByTestId('compare-section');
  await section.scrollIntoViewIfNeeded();
  await section.locator('input[type="file"]').waitFor({ state: 'attached' });
  return section;
}

/** The real run's cell of a row of the comparison table. */
const realCell = (section, metric) => section.locator('table').filter({ hasText: 'Simulated versus' }).getByRole('row', { name: new RegExp(`^${metric}(\\s|$)`) }).locator('td').nth(1);

/** Waits until the curve draws exactly one real run, labelled `label`, and returns its drawn text. */
async function curvePoint(page, label) {
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
  const seen = [];
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'POST, OPTIONS', 'access-control-allow-headers': 'content-type, authorization', 'access-control-max-age': '600' };
  const server = createServer((req, res) => {
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
      const event = (data) => res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
      const chunk = (delta) => ({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'tiny', choices: [{ index: 0, delta, finish_reason: null }] });
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
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise((ok) => {
      server.closeAllConnections();
      server.close(ok);
    }),
  };
}

export const tests = {
  async 'imports vLLM and lab CSV files: table, verdict, a diamond on the curve; a truncated file alerts and keeps the run; export commands'({ lab, root }) {
    const { page } = await lab();
    const section = await compareSection(page);
    assert.equal(await section.getByRole('heading', { name: 'Compare with a real run', level: 2 }).count(), 1);
    const input = section.locator('input[type="file"]');

    // Export: the scenario as a vLLM command with its load.
    const vllmCmd = (await section.getByLabel('vLLM bench serve command').textContent()) ?? '';
    assert.match(vllmCmd, /vllm bench serve/);
    assert.match(vllmCmd, /--max-concurrency \d+|--request-rate \S+/);

    // vLLM bench serve --save-detailed: 3 completed, 1 failed, concurrency 2.
    await input.setInputFiles(fixture(root, 'vllm-detailed.json'));
    await section.getByText('Remove this run').waitFor();
    assert.match(await section.locator('caption').first().textContent(), /Simulated versus imported/);
    assert.equal((await realCell(section, 'TTFT p50').textContent())?.trim(), '300 ms');
    assert.match((await realCell(section, 'Completed \\(failed\\)').textContent()) ?? '', /^3 \(1\)$/);
    // Default SLO (TTFT 500 ms, TPOT 50 ms): p95 TTFT 480 ms meets, p95 TPOT ≈ 65 ms misses.
    assert.match(await section.textContent(), /Missed at p95: p95 TPOT [\d.]+ ms > 50 ms/);
    let point = await curvePoint(page, 'vllm-detailed.json');
    assert.equal(point.placedBy, 'users');
    assert.match(point.text, /vllm-detailed\.json · 2 users/);
    assert.equal(point.diamonds, 5, 'one diamond for throughput, p50 and p95 for TTFT and TPOT');

    // The lab's own CSV replaces it.
    await input.setInputFiles(fixture(root, 'lab-run.csv'));
    point = await curvePoint(page, 'hand-made example (matches the vLLM, GenAI-Perf and AIPerf fixtures)');
    assert.match(point.text, /hand-made example \(matches … · 2 users/, "a long name is shortened beside the diamond");
    assert.match(await section.textContent(), /Latency Lab per-request CSV: 3 completed, 1 failed/);
    assert.equal((await realCell(section, 'TTFT p50').textContent())?.trim(), '300 ms');
    assert.match(await section.textContent(), /(Met|Missed) at p95/);

    // A truncated JSON file: a clear alert, and the CSV run stays (table, verdict, curve).
    const dir = await mkdtemp(join(tmpdir(), 'lab-compare-'));
    try {
      const text = await readFile(fixture(root, 'vllm-detailed.json'), 'utf8');
      const bad = join(dir, 'truncated.json');
      await writeFile(bad, text.slice(0, Math.floor(text.length / 2)));
      await input.setInputFiles(bad);
      const alert = section.getByRole('alert');
      await alert.waitFor();
      const message = (await alert.textContent()) ?? '';
      assert.match(message, /^Could not import truncated\.json: .*truncated/);
      assert.match(message, /The run shown is still hand-made example/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    assert.equal((await realCell(section, 'TTFT p50').textContent())?.trim(), '300 ms');
    assert.match(await section.textContent(), /Latency Lab per-request CSV: 3 completed, 1 failed/);
    await curvePoint(page, 'hand-made example (matches the vLLM, GenAI-Perf and AIPerf fixtures)');

    // Keyboard: the file picker, then the endpoint form, then its start button.
    await input.focus();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.labels?.[0]?.textContent?.trim()), 'Base URL');
    let reached = false;
    for (let i = 0; i < 15 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.textContent?.trim() === 'Start measuring');
    }
    assert.ok(reached, 'Tab reaches "Start measuring"');

    await axeClean(page, root);
    await renderEverything(page);
    await section.screenshot({ path: join(root, 'test-results', 'compare-1280-light.png') });
    await page.getByTestId('curve-section').screenshot({ path: join(root, 'test-results', 'compare-curve-1280-light.png') });

    // Removing the run takes it off the curve.
    await section.getByRole('button', { name: 'Remove this run' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="curve-extra-point"]').length === 0);
  },

  async 'the simulated run downloads as the lab CSV and imports back with the same TTFT'({ lab }) {
    const { page, assertClean } = await lab({ query: 'workload=autocomplete&load=busy&requests=200' });
    const section = await compareSection(page);
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Download the simulation as CSV' }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), 'latency-lab-simulation.csv');
    const text = await readFile(await file.path(), 'utf8');
    assert.ok(text.startsWith('# latency-lab per-request v1'), text.slice(0, 60));
    const rows = text.split('\n').filter((l) => /^\d+,/.test(l));
    assert.equal(rows.length, 200, 'one row per simulated request');
    await section.locator('input[type="file"]').setInputFiles(await file.path());
    await section.getByText('Remove this run').waitFor();
    // Exported and re-imported: the imported column shows the simulated TTFT and TPOT medians again.
    for (const metric of ['TTFT p50', 'TPOT p50']) {
      const row = section.locator('table').filter({ hasText: 'Simulated versus' }).getByRole('row', { name: new RegExp(`^${metric}(\\s|$)`) });
      const [simulated, imported] = [(await row.locator('td').nth(0).textContent())?.trim(), (await realCell(section, metric).textContent())?.trim()];
      assert.ok(simulated && simulated === imported, `${metric}: simulated ${simulated}, re-imported ${imported}`);
    }
    assertClean();
  },

  async '390 px, dark: an imported run fits the phone layout, on the curve and in the panel'({ lab, root }) {
    const { page } = await lab({ width: 390, colorScheme: 'dark' });
    const section = await compareSection(page);
    await section.locator('input[type="file"]').setInputFiles(fixture(root, 'vllm-detailed.json'));
    await curvePoint(page, 'vllm-detailed.json');
    await section.getByText(/Missed at p95/).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
    await axeClean(page, root);
    await renderEverything(page);
    await section.screenshot({ path: join(root, 'test-results', 'compare-390-dark.png') });
    // The section is long on a phone: also save it in screen-sized parts to look at.
    const box = await section.boundingBox();
    const top = box.y + (await page.evaluate(() => window.scrollY));
    for (let y = 0, i = 1; y < box.height; y += 900, i++) {
      await page.screenshot({ path: join(root, 'test-results', `compare-390-dark-part${i}.png`), fullPage: true, clip: { x: 0, y: top + y, width: 390, height: Math.min(900, box.height - y) } });
    }
    await page.getByTestId('curve-section').screenshot({ path: join(root, 'test-results', 'compare-curve-390-dark.png') });
  },

  async 'measures a live local SSE endpoint: TTFT and TPOT filled, the run on the curve, requests only to 127.0.0.1'({ lab, root }) {
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
      await form.getByRole('status').filter({ hasText: '3 of 3 requests (finished)' }).waitFor({ timeout: 20_000 });
      await section.getByText('live endpoint measurement: 3 completed, 0 failed').waitFor();

      const ttft = (await realCell(section, 'TTFT p50').textContent())?.trim() ?? '';
      const tpot = (await realCell(section, 'TPOT p50').textContent())?.trim() ?? '';
      const ttftMs = Number(/^([\d.]+) ms$/.exec(ttft)?.[1]);
      const tpotMs = Number(/^([\d.]+) ms$/.exec(tpot)?.[1]);
      assert.ok(ttftMs >= 50 && ttftMs < 2000, `TTFT p50 "${ttft}" (server waits 60 ms)`);
      assert.ok(tpotMs >= 5 && tpotMs < 1000, `TPOT p50 "${tpot}" (server sends a chunk every 15 ms)`);
      assert.equal(await section.getByRole('alert').count(), 0);
      const label = await page.locator('[data-testid="curve-extra-point"]').getAttribute('data-label');
      const point = await curvePoint(page, label);
      assert.match(point.text, /· 1 user\b/);

      // One warm-up and three measured requests reached the server. (The runner's request
      // routing answers the browser's CORS preflight itself, so check the server's answer here.)
      const posts = sse.seen.filter((s) => s === 'POST /v1/chat/completions');
      assert.equal(posts.length, 4, sse.seen.join(', '));
      const preflight = await fetch(`${sse.url}/v1/chat/completions`, { method: 'OPTIONS', headers: { origin: new URL(page.url()).origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
      assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /content-type/);
      // Every request went to the lab's own origin or to the endpoint the form names (the runner checks the host).
      const allowed = new Set([new URL(page.url()).origin, sse.url]);
      for (const r of l.requests) assert.ok(allowed.has(new URL(r).origin), `unexpected request ${r}`);
      await axeClean(page, root);
    } finally {
      await sse.close();
    }
  },
};
