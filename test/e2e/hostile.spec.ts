// Hostile inputs that used to break the page (issue 9): a run with 1e308 ms
// latencies blanked it, a server streaming bytes with no event boundary froze
// it, failed live requests said only "5 of 5 failed", "Download run as CSV"
// wrote spreadsheet formulas as they came, and a huge deep link froze the page
// before its first paint. Each test also runs under the built page's
// Content-Security-Policy and fails on any console error.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { csvParseRows } from 'd3-dsv';
import type { Page } from '@playwright/test';
import { expect, ROOT, test } from './fixtures';
import { METRICS } from './helpers';

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'POST, OPTIONS', 'access-control-allow-headers': 'content-type, authorization', 'access-control-max-age': '600' };

/** A local server on 127.0.0.1 whose answer to each POST the test decides; OPTIONS preflights are answered for CORS. */
async function localServer(answer: (n: number, req: IncomingMessage, res: ServerResponse) => void) {
  let n = 0;
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS).end();
      return;
    }
    open.add(res);
    res.on('close', () => open.delete(res));
    req.resume();
    req.on('end', () => answer(n++, req, res));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((ok) => {
        for (const r of open) r.destroy();
        server.close(() => ok());
      }),
  };
}

/** The compare panel, loaded and in view. */
async function comparePanel(page: Page) {
  await page.waitForSelector('main#results[data-sweep="done"]', { timeout: 120_000 });
  const section = page.getByTestId('compare-section');
  await section.scrollIntoViewIfNeeded();
  await section.locator('input[type="file"]').waitFor({ state: 'attached' });
  return section;
}

/** Fills the live form with `url` and a model, `requests` requests. */
async function fillLive(page: Page, url: string, requests: number) {
  const form = page.getByRole('form', { name: 'Measure a live endpoint' });
  await form.getByLabel('Base URL').fill(url);
  await form.getByLabel('Model', { exact: true }).fill('tiny');
  await form.getByLabel('Requests').fill(String(requests));
  await form.getByLabel('Concurrency').fill('1');
  await form.getByLabel('Output (max_tokens)').fill('8');
  return form;
}

test('a run with 1e308 ms latencies leaves the page whole: the impossible requests count as failed, the curve still draws', async ({ lab }) => {
  const { page } = await lab();
  const section = await comparePanel(page);
  const csv = (await readFile(join(ROOT, 'test', 'fixtures', 'lab-run.csv'), 'utf8'))
    .replace('0,0,200,400,4,10,200;250;300;400,', '0,0,200,1e308,4,10,,')
    .replace('1,100,300,400,5,20,300;400,', '1,100,1e308,1e308,5,20,,');
  await section.locator('input[type="file"]').setInputFiles({ name: 'huge.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(section.getByRole('button', { name: 'Remove this run' })).toBeVisible();
  await expect(section.getByRole('list', { name: 'Warnings' })).toContainText('2 of 4 requests have impossible values and count as failed');
  await expect(section.getByRole('row', { name: /^Completed \(failed\)/ })).toContainText('1 (3)');
  // The rest of the lab is still there and working.
  for (const m of METRICS) await expect(page.locator(`[data-metric="${m}"]`).first()).toBeVisible();
  await expect(page.getByTestId('curve-section').locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('section-failed')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('NaN');
});

test('a server streaming bytes with no event boundary cannot freeze the page: the request fails with the reason, and Stop answers', async ({ lab }) => {
  // Warm-up and every request: a stream that never ends an event, 256 KB at a time.
  const flood = await localServer((_n, _req, res) => {
    res.writeHead(200, { ...CORS, 'content-type': 'text/event-stream' });
    const block = 'x'.repeat(256 * 1024);
    res.write('data: ');
    const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(block)), 2);
    res.on('close', () => clearInterval(timer));
  });
  try {
    const { page } = await lab();
    await comparePanel(page);
    const form = await fillLive(page, flood.url, 3);
    await form.getByRole('button', { name: 'Start measuring' }).click();
    await expect(form.getByTestId('live-problem')).toContainText('without ending an event: this is not a completion stream', { timeout: 120_000 });
    // The page answered all along: a control still works at once.
    await page.getByRole('button', { name: 'Start measuring' }).focus();
    await expect(page.getByRole('button', { name: 'Start measuring' })).toBeFocused();
  } finally {
    await flood.close();
  }

  // A slow, well-formed stream: Stop ends the run at once, keeping what finished.
  const slow = await localServer((_n, _req, res) => {
    res.writeHead(200, { ...CORS, 'content-type': 'text/event-stream' });
    const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(': still here\n\n')), 50);
    res.on('close', () => clearInterval(timer));
  });
  try {
    const { page } = await lab();
    await comparePanel(page);
    const form = await fillLive(page, slow.url, 3);
    await form.getByRole('button', { name: 'Start measuring' }).click();
    await expect(form.getByRole('status')).toContainText('Warm-up request');
    await form.getByRole('button', { name: 'Stop' }).click();
    // The request's own timeout is 60 s: ending well before it proves Stop, with room for a busy machine.
    await expect(form.getByTestId('live-problem')).toContainText('stopped during the warm-up request', { timeout: 20_000 });
    await expect(form.getByRole('button', { name: 'Start measuring' })).toBeEnabled();
  } finally {
    await slow.close();
  }
});

test('failed live requests say why, and an all-failed run does not replace the run shown before it', async ({ lab }) => {
  const bodies = ['CUDA out of memory. Tried to allocate 2.00 GiB', 'CUDA out of memory. Tried to allocate 2.00 GiB'];
  const server = await localServer((n, _req, res) => {
    if (n === 3) {
      res.writeHead(429, { ...CORS, 'content-type': 'text/plain' }).end('slow down');
      return;
    }
    res.writeHead(500, { ...CORS, 'content-type': 'text/plain' }).end(bodies[n % 2]);
  });
  try {
    const { page } = await lab();
    const section = await comparePanel(page);
    await section.locator('input[type="file"]').setInputFiles(join(ROOT, 'test', 'fixtures', 'vllm-detailed.json'));
    await expect(section.getByRole('button', { name: 'Remove this run' })).toBeVisible();
    const form = await fillLive(page, server.url, 4);
    await form.getByRole('button', { name: 'Start measuring' }).click();
    const problem = form.getByTestId('live-problem');
    await expect(problem).toContainText('Measurement failed: all 4 requests failed: HTTP 500 Internal Server Error', { timeout: 120_000 });
    await expect(problem).toContainText('CUDA out of memory');
    await expect(problem).toContainText('(3 requests)');
    await expect(problem).toContainText('HTTP 429');
    // The imported run is still the one shown, and the page says so.
    await expect(section.getByRole('alert').filter({ hasText: 'No new run to show' })).toContainText('The run shown is still vllm-detailed.json');
    await expect(section.getByText('vllm-detailed.json', { exact: true })).toBeVisible();
  } finally {
    await server.close();
  }
});

test('"Download run as CSV" neutralises spreadsheet formulas in ids, errors and the label', async ({ lab }) => {
  const { page } = await lab();
  const section = await comparePanel(page);
  const csv = [
    '# latency-lab per-request v1',
    '# label: =HYPERLINK("http://evil.example","click"),+1',
    '# duration_s: 1.0',
    'request_id,send_ms,ttft_ms,e2e_ms,output_tokens,input_tokens,chunk_ms,error',
    '=1+2,0,200,400,4,10,200;250;300;400,',
    '@SUM(A1),100,300,400,5,20,300;400,',
    '+cmd,200,,,,40,,"-2+3|\' /C calc\'!A0"',
    '3,300,500,500,1,30,500,',
  ].join('\n');
  await section.locator('input[type="file"]').setInputFiles({ name: 'formulas.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(section.getByRole('button', { name: 'Remove this run' })).toBeVisible();
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download run as CSV' }).click();
  const text = await readFile(await (await download).path(), 'utf8');
  const cells = csvParseRows(text).flat();
  for (const c of cells) expect(c, `cell ${JSON.stringify(c)}`).not.toMatch(/^[=+\-@\t\r]/);
  expect(cells).toEqual(expect.arrayContaining(["'=1+2", "'@SUM(A1)", "'+cmd", "'-2+3|' /C calc'!A0"]));
  expect(text.split('\n')[1]).toBe('"# label: \'=HYPERLINK(""http://evil.example"",""click""),+1"');
  // And the lab reads its own download back unchanged.
  await section.locator('input[type="file"]').setInputFiles({ name: 'again.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  await expect(section.getByText('=HYPERLINK("http://evil.example","click"),+1', { exact: true })).toBeVisible();
});

test('a huge deep link does not freeze the page: it paints, says the simulation is large, and Stop ends it', async ({ lab }) => {
  const { page } = await lab({ query: 'rate=inf&requests=20000&chunkedPrefill=1&prompt=100000&output=1000', state: 'running' });
  const notice = page.getByTestId('slow-run');
  await expect(notice).toContainText('Simulating a large scenario');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await notice.getByRole('button', { name: 'Stop this simulation' }).click();
  await expect(page.getByTestId('run-error')).toContainText('stopped before it finished');
  await expect(notice).toHaveCount(0);
  // The page still works: another setting runs.
  await page.goto('?requests=50');
  await page.waitForSelector('main#results[data-state="ready"]', { timeout: 120_000 });
});

test('llmperf: the estimate\'s warning follows the concurrency given, and the summary (dropped with it or after it) replaces the estimate', async ({ lab }) => {
  const { page } = await lab();
  const section = await comparePanel(page);
  const input = section.locator('input[type="file"]');
  const responses = join(ROOT, 'test', 'fixtures', 'llmperf-c2_individual_responses.json');
  const summary = join(ROOT, 'test', 'fixtures', 'llmperf-c2_summary.json');
  await input.setInputFiles(responses);
  const warnings = section.getByRole('list', { name: 'Warnings' });
  await expect(warnings).toContainText('Σ E2E ÷ 1 (one request at a time assumed)');
  const field = section.getByLabel('Concurrency of this llmperf run (for the duration estimate)');
  await field.fill('2');
  await field.press('Enter');
  await expect(warnings).toContainText('Σ E2E ÷ 2 (the concurrency given)');
  await expect(warnings).not.toContainText('one request at a time');
  // The summary alone, after the responses: llmperf's own duration, no estimate, no field.
  await input.setInputFiles(summary);
  await expect(warnings).not.toContainText('estimated');
  await expect(field).toHaveCount(0);
  await expect(section.getByText(/over 2\.50 s\./)).toBeVisible();
  // Both at once do the same.
  await section.getByRole('button', { name: 'Remove this run' }).click();
  await input.setInputFiles([responses, summary]);
  await expect(section.getByText('llmperf-c2', { exact: true })).toBeVisible();
  await expect(warnings).not.toContainText('estimated');
});
