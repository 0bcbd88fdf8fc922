import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { renderEverything } from './harness.mjs';

export const tests = {
  async 'each chart card saves its chart as SVG and PNG, in the page'({ lab }) {
    const { page, assertClean } = await lab({ query: 'workload=chat&load=busy' });
    await page.waitForSelector('main#results[data-sweep="done"]');
    await renderEverything(page);
    const svgDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save throughput versus load as SVG' }).click();
    const svg = await svgDownload;
    assert.equal(svg.suggestedFilename(), 'latency-lab-curve.svg');
    const text = await readFile(await svg.path(), 'utf8');
    assert.ok(/^(<\?xml[^>]*\?>\s*)?<svg /.test(text) && text.includes('xmlns="http://www.w3.org/2000/svg"'), 'a standalone SVG document');
    assert.match(text, /tok\/s/);
    assert.doesNotMatch(text, /NaN/);

    const pngDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save inside the server as PNG' }).click();
    const png = await pngDownload;
    assert.match(png.suggestedFilename(), /^latency-lab-server(-\d+)?\.png$/);
    const bytes = await readFile(await png.path());
    assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG file');
    assertClean();
  },
};
