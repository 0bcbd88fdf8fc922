// A measured run replayed on the page (issue 20): a small vLLM result (test/fixtures, made from the
// documented shape of `vllm bench serve --save-detailed`) imported in the compare panel and replayed on
// another server than the one it names; both runs in the cards, the compare table and the distributions;
// an llmperf run (no send times) refused until its concurrency is given, then replayed as a closed loop.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, ROOT, shotPath, test } from './fixtures';
import { axeClean } from './helpers';

const fixture = (name: string) => (name.startsWith('/') ? name : join(ROOT, 'test', 'fixtures', name));
const FIXTURE = 'replay-vllm_llama-3.1-8b_h100.json';
/** The lab set to the same model on an L4: another server than the H100 the file names. */
const ON_L4 = 'model=llama-3.1-8b&gpu=l4&engine=vllm';

async function importRun(page: Page, name: string) {
  await page.waitForSelector('main#results[data-sweep="done"]', { timeout: 120_000 });
  const section = page.getByTestId('compare-section');
  await section.scrollIntoViewIfNeeded();
  const input = section.locator('input[type="file"]').first();
  await input.waitFor({ state: 'attached' });
  await input.setInputFiles(fixture(name));
  await section.getByText('Remove this run').waitFor();
  return section.getByTestId('replay-panel');
}

test('a vLLM run replayed on another server: both runs in the cards and the charts, axe clean', async ({ lab }) => {
  const { page, requests } = await lab({ query: ON_L4 });
  const panel = await importRun(page, FIXTURE);
  // The hardware the file names comes first and is chosen; the lab's own server is the other choice.
  const radios = panel.getByRole('radio');
  await expect(radios).toHaveCount(2);
  await expect(radios.first()).toBeChecked();
  await expect(panel.getByText(/^The same hardware: Llama-3\.1-8B on H100 SXM 80GB, vLLM/)).toBeVisible();
  // Nothing of the replay loads before it is asked for.
  expect(requests.filter((u) => /replay\.worker/.test(u))).toEqual([]);

  await panel.getByLabel(/^The lab's server as set: Llama-3\.1-8B on L4 24GB, vLLM/).check();
  await panel.getByTestId('replay-start').click();
  const cards = panel.getByTestId('replay-cards');
  await expect(cards).toBeVisible();
  await expect(panel).toContainText('40 requests replayed, each at its own send time');
  const ttft = panel.getByTestId('replay-card-ttft');
  // Measured p50 TTFT of the fixture, recomputed by the importer (test/traces/replayRun.test.ts replays the same file).
  await expect(ttft.locator('[data-row="ttft-p50"] [data-side="measured"]')).toHaveText('106 ms');
  const replayedP99 = await ttft.locator('[data-row="ttft-p99"] [data-side="replayed"]').textContent();
  expect(replayedP99).toMatch(/^[\d.,]+ (ms|s)$/);
  await expect(panel.getByTestId('replay-card-throughput').locator('[data-row="output"] [data-side="replayed"]')).toHaveText(/tok\/s$/);
  await expect(panel.getByTestId('replay-gap')).toHaveText(/^They differ most in .*: measured .*, replayed .* \(the replay [\d.]+× (slower|faster|higher|lower)\)\.$/);
  await expect(panel).not.toContainText(/NaN|undefined/);
  // The replay is a side of the compare views: a column of the table, and a line in each distribution beside the
  // imported run and the lab's simulation, with a legend naming it.
  const section = page.getByTestId('compare-section');
  await expect(section.getByTestId('compare-replayed-head')).toHaveText('Replayed');
  await expect(section.getByTestId('compare-replayed-caption')).toHaveText(', and the same requests replayed on Llama-3.1-8B on L4 24GB, vLLM');
  const table = section.getByTestId('compare-table');
  await expect(table.getByRole('row', { name: /^TTFT p50/ }).locator('[data-side="replayed"]')).toHaveText(/^[\d.,]+ (ms|s)$/);
  await expect(table.getByRole('row', { name: /^TTFT p99/ }).locator('[data-side="replayed"]')).toHaveText(replayedP99!);
  for (const title of ['TTFT distribution', 'TPOT distribution']) {
    const chart = section.locator('figure, div').filter({ has: page.getByRole('img', { name: new RegExp(`^${title}`) }) }).last();
    await expect(chart.getByRole('img').locator('path[fill="none"]')).toHaveCount(3);
    await expect(chart).toContainText('Imported');
    await expect(chart).toContainText('Replayed (Llama-3.1-8B on L4 24GB, vLLM)');
  }
  // A link keeps the server, not the file: the page says so.
  await expect(panel.getByTestId('replay-link-note')).toContainText('keeps the server the replay runs on (its settings are in the link), not the file');
  expect(requests.some((u) => /replay\.worker/.test(u))).toBe(true);

  // The same hardware instead: the replay follows, and the cards change with it.
  await radios.first().check();
  await expect(ttft.locator('[data-row="ttft-p99"] [data-side="replayed"]')).not.toHaveText(replayedP99 ?? '');
  await expect(section.getByTestId('compare-replayed-caption')).toHaveText(', and the same requests replayed on Llama-3.1-8B on H100 SXM 80GB, vLLM');
  await expect(section.getByRole('img', { name: /^TTFT distribution/ }).first()).toBeVisible();
  await axeClean(page);

  // Removing the run removes its replay from the compare views.
  await section.getByText('Remove this run').click();
  await expect(section.getByTestId('compare-replayed-head')).toHaveCount(0);
});

test('an llmperf run (no send times) is refused until its concurrency is given, then replayed as a closed loop of that many users', async ({ lab }) => {
  const { page } = await lab();
  const panel = await importRun(page, 'llmperf_individual_responses.json');
  await expect(panel.getByTestId('replay-refused')).toHaveText(
    "This run cannot be replayed: the file records no send times, and llmperf sends as a closed loop of its concurrency's users: give the run's concurrency (its *_summary.json with it, the concurrency field, or the CLI's --concurrency N) to replay it as that loop.",
  );
  await expect(panel.getByTestId('replay-start')).toHaveCount(0);
  await expect(page.getByTestId('compare-section')).toContainText('llmperf individual responses');

  const field = page.getByTestId('compare-section').getByLabel('Concurrency of this llmperf run (for the duration estimate)');
  await field.fill('2');
  await field.press('Enter');
  await expect(panel.getByTestId('replay-refused')).toHaveCount(0);
  await panel.getByTestId('replay-start').click();
  // Four requests in the file, one failed (error 500): three replayed by two users.
  await expect(panel.getByText(/^3 requests replayed, as a closed loop of 2 users, the way llmperf sends requests/)).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByTestId('replay-error')).toHaveCount(0);
});

test('a big run kept in the import worker is replayed from there', async ({ lab }) => {
  // 1,000 requests of 61 chunks: over the 50,000 requests plus chunk times that stay in the import worker.
  const n = 1000;
  const run = {
    duration: 101, model_id: 'meta-llama/Llama-3.1-8B-Instruct',
    start_times: Array.from({ length: n }, (_, i) => 10 + i * 0.1), ttfts: Array(n).fill(0.05), itls: Array.from({ length: n }, () => Array(60).fill(0.01)),
    latencies: Array(n).fill(0.65), output_lens: Array(n).fill(61), input_lens: Array.from({ length: n }, (_, i) => 100 + (i % 7)), errors: Array(n).fill(''),
  };
  const dir = await mkdtemp(join(tmpdir(), 'lab-replay-'));
  try {
    const file = join(dir, 'big-vllm.json');
    await writeFile(file, JSON.stringify(run));
    const { page } = await lab({ query: ON_L4 });
    const panel = await importRun(page, file);
    await panel.getByTestId('replay-start').click();
    await expect(panel).toContainText('1,000 requests replayed, each at its own send time over 99.9 s.');
    await expect(panel.getByTestId('replay-card-ttft').locator('[data-row="ttft-p50"] [data-side="measured"]')).toHaveText('50 ms');
    await expect(panel.getByTestId('replay-card-ttft').locator('[data-row="ttft-p50"] [data-side="replayed"]')).toHaveText(/^[\d.,]+ (ms|s)$/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

for (const width of [390, 1280] as const) {
  test(`screenshot of a replayed run at ${width} px @screenshots`, async ({ lab }) => {
    // Tall enough for the whole panel: the sticky readouts bar then covers none of it.
    const { page } = await lab({ query: ON_L4, width, height: 2600 });
    const panel = await importRun(page, FIXTURE);
    await panel.getByTestId('replay-start').click();
    await expect(panel.getByTestId('replay-cards')).toBeVisible();
    const section = page.getByTestId('compare-section');
    await expect(section.getByTestId('compare-replayed-head')).toBeVisible();
    await expect(section.getByRole('img', { name: /^TPOT distribution/ })).toBeVisible();
    await section.screenshot({ path: shotPath(`replay-${width}.png`) });
  });
}
