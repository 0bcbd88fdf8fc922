import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { renderEverything } from './helpers';

test('each chart card saves its chart as SVG and PNG, in the page', async ({ lab }) => {
  const { page, assertClean } = await lab({ query: 'workload=chat&load=busy' });
  await page.waitForSelector('main#results[data-sweep="done"]');
  await renderEverything(page);
  const svgDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save throughput versus load as SVG' }).click();
  const svg = await svgDownload;
  expect(svg.suggestedFilename()).toBe('latency-lab-curve.svg');
  const text = await readFile(await svg.path(), 'utf8');
  expect(/^(<\?xml[^>]*\?>\s*)?<svg /.test(text) && text.includes('xmlns="http://www.w3.org/2000/svg"'), 'a standalone SVG document').toBe(true);
  expect(text).toMatch(/tok\/s/);
  expect(text).not.toMatch(/NaN/);

  const pngDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save inside the server as PNG' }).click();
  const png = await pngDownload;
  expect(png.suggestedFilename()).toMatch(/^latency-lab-server(-\d+)?\.png$/);
  const bytes = await readFile(await png.path());
  expect([...bytes.subarray(0, 8)], 'a PNG file').toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assertClean();
});
