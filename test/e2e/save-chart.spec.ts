import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { renderEverything } from './helpers';
import type { Page } from '@playwright/test';

/**
 * Waits until the card's chart is drawn at its size: sweep done is not enough on a busy machine,
 * where the chart can still be measuring its width, and a click then (rightly) says there is no
 * chart to save yet and starts no download.
 */
async function chartDrawn(page: Page, card: string) {
  const region = page.getByRole('region', { name: card });
  await expect.poll(() => region.locator('svg').evaluateAll((svgs) => svgs.some((s) => s.getAttribute('role') === 'img' || s.clientWidth >= 120))).toBe(true);
}

/** A download the click must start; fails within a minute, not at the test's hang guard. */
const downloadOf = (page: Page) => page.waitForEvent('download', { timeout: 60_000 });

test('each chart card saves its chart as SVG and PNG, in the page', async ({ lab }) => {
  const { page, assertClean } = await lab({ query: 'workload=chat&load=busy' });
  await page.waitForSelector('main#results[data-sweep="done"]');
  await renderEverything(page);
  await chartDrawn(page, 'Throughput versus load');
  const svgDownload = downloadOf(page);
  await page.getByRole('button', { name: 'Save throughput versus load as SVG' }).click();
  const svg = await svgDownload;
  expect(svg.suggestedFilename()).toBe('latency-lab-curve.svg');
  const text = await readFile(await svg.path(), 'utf8');
  expect(/^(<\?xml[^>]*\?>\s*)?<svg /.test(text) && text.includes('xmlns="http://www.w3.org/2000/svg"'), 'a standalone SVG document').toBe(true);
  expect(text).toMatch(/tok\/s/);
  expect(text).not.toMatch(/NaN/);

  await chartDrawn(page, 'Inside the server');
  const pngDownload = downloadOf(page);
  await page.getByRole('button', { name: 'Save inside the server as PNG' }).click();
  const png = await pngDownload;
  expect(png.suggestedFilename()).toMatch(/^latency-lab-server(-\d+)?\.png$/);
  const bytes = await readFile(await png.path());
  expect([...bytes.subarray(0, 8)], 'a PNG file').toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assertClean();
});
