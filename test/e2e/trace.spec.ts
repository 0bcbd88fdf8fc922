// The Trace section: a built-in trace replayed on the page beside Poisson
// arrivals at its mean rate, its link, a bad trace= value and a malformed file.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, ROOT, shotPath, test } from './fixtures';
import { axeClean, renderEverything, urlMatches } from './helpers';

/** The Trace section, in view, once the page's lower sections have loaded. */
async function traceSection(page: Page) {
  const section = page.getByTestId('trace-section');
  await section.waitFor({ timeout: 120_000 });
  await renderEverything(page);
  await section.scrollIntoViewIfNeeded();
  return section;
}

const p99 = async (page: Page, which: 'trace' | 'poisson') => Number(await page.locator(`[data-metric="${which}-p99-ttft"]`).getAttribute('data-value'));

test('the built-in coding trace: arrivals drawn, its p99 TTFT above Poisson, the link round-trips, axe clean', async ({ lab }) => {
  const { page, requests } = await lab();
  const section = await traceSection(page);
  // Nothing of a trace is fetched before one is chosen.
  expect(requests.filter((u) => /Azure|trace\.worker|TracePanel/.test(u))).toEqual([]);
  await section.getByLabel('Built-in trace').selectOption('azure-code');
  await urlMatches(page, /[?&]trace=azure-code(&|$)/);
  await expect(section.getByTestId('arrivals-chart').locator('[data-testid="arrivals-trace"]')).toHaveAttribute('d', /^M/);
  await expect(section.getByTestId('arrivals-chart').locator('[data-testid="arrivals-poisson"]')).toHaveAttribute('d', /^M/);
  await expect(section.getByTestId('trace-attribution')).toContainText('CC-BY 4.0');
  await expect(section.getByTestId('trace-attribution')).toContainText('Splitwise');
  const [traced, poisson] = [await p99(page, 'trace'), await p99(page, 'poisson')];
  expect(traced).toBeGreaterThan(0);
  expect(poisson).toBeGreaterThan(0);
  expect(traced).toBeGreaterThan(poisson);
  await expect(section.locator('[data-metric="trace-p99-ttft"]')).not.toHaveText(/NaN|–/);
  // Every trace request came from the page's own origin (the fixture fails on any other).
  expect(requests.some((u) => /AzureLLMInferenceTrace_code/.test(u))).toBe(true);
  await axeClean(page);
  await section.screenshot({ path: shotPath('trace-1280-light.png') });

  // The link opens the same trace and the same numbers.
  const url = page.url();
  const again = await lab({ query: new URL(url).search });
  const s2 = await traceSection(again.page);
  await expect(s2.getByLabel('Built-in trace')).toHaveValue('azure-code');
  await expect(s2.locator('[data-metric="trace-p99-ttft"]')).toHaveAttribute('data-value', String(traced));
});

test('a slice and speed in the link are used, and a bad trace= value gets a notice', async ({ lab }) => {
  const { page } = await lab({ query: 'trace=azure-kode' });
  await expect(page.getByTestId('notices')).toContainText('trace');
  await expect(page.getByTestId('notices')).toContainText('"azure-kode" is not one of off, azure-code, azure-conv');
  const section = await traceSection(page);
  await expect(section.getByLabel('Built-in trace')).toHaveValue('off');
  // At a phone's width in the dark theme: the screenshots of those (@screenshots) are left out of the suite.
  const sliced = await lab({ query: 'trace=azure-conv&traceWindow=60:180&traceSpeed=2', width: 390, height: 844, colorScheme: 'dark' });
  const s2 = await traceSection(sliced.page);
  await expect(s2.getByTestId('trace-results')).toContainText(/requests over (59\.\d|60) s/);
});

test('a malformed uploaded trace names its line; the page keeps working', async ({ lab }) => {
  const { page } = await lab();
  const section = await traceSection(page);
  await section.getByTestId('trace-file').setInputFiles(join(ROOT, 'test', 'fixtures', 'trace-bad-row.csv'));
  await expect(section.getByTestId('trace-error')).toContainText('line 4');
  await expect(page.locator('main#results')).toHaveAttribute('data-state', 'ready');
  await axeClean(page);
});

test('an uploaded JSONL trace is replayed; a failed request is left out with its line, nothing else', async ({ lab }) => {
  const { page } = await lab();
  const section = await traceSection(page);
  await section.getByTestId('trace-file').setInputFiles(join(ROOT, 'test', 'fixtures', 'trace-bursts.jsonl'));
  await expect(section.getByTestId('trace-results')).toContainText('389 requests');
  await expect(section.getByTestId('trace-results')).toContainText('1 request with no output tokens (failed requests) left out: line 6');
  await expect(section.getByText('Replaying trace-bursts.jsonl')).toBeVisible();
  await expect(section.getByTestId('trace-attribution')).toHaveCount(0);
});

for (const [width, colorScheme] of [[390, 'light'], [390, 'dark'], [1280, 'dark']] as const) {
  test(`screenshot of the Trace section at ${width} px, ${colorScheme} @screenshots`, async ({ lab }) => {
    const { page } = await lab({ query: 'trace=azure-code', width, colorScheme });
    const section = await traceSection(page);
    await expect(section.getByTestId('trace-results')).toBeVisible();
    await section.screenshot({ path: shotPath(`trace-${width}-${colorScheme}.png`) });
  });
}
