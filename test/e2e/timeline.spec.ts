import { expect, test } from './fixtures';
import { readNumber } from './helpers';

test('the timeline draws a long report with a zoom on its start, and the formula adds up', async ({ lab }) => {
  const { page } = await lab({ query: 'workload=report' });
  const svg = page.locator('[data-testid="timeline"]');
  const lines = await svg.locator('line').count();
  const box = await svg.boundingBox();
  expect(box, 'the timeline is laid out').not.toBeNull();
  expect(lines, `at most about one mark per pixel: ${lines} lines in ${box!.width} px`).toBeLessThan(box!.width + 200);
  await expect(svg).toHaveText(/Zoom/);
  const formula = ((await page.locator('[data-testid="formula"]').textContent()) ?? '').trim();
  const m = /^([\d.,]+ m?s) = ([\d.,]+ m?s) \+ ([\d.,]+ m?s) × \(([\d,]+) − 1\)$/.exec(formula);
  expect(m, formula).not.toBeNull();
  const ms = (s: string) => (s.endsWith(' ms') ? Number(s.slice(0, -3).replace(/,/g, '')) : Number(s.slice(0, -2).replace(/,/g, '')) * 1000);
  const [e2e, ttft, tpot, n] = [ms(m![1]), ms(m![2]), ms(m![3]), Number(m![4].replace(/,/g, ''))];
  expect(Math.abs(ttft + tpot * (n - 1) - e2e) / e2e, formula).toBeLessThan(0.01);
  expect(n).toBe(await readNumber(page, 'output-tokens'));
});

test('hovering or focusing part of the timeline tells its time', async ({ lab }) => {
  const { page } = await lab({ query: 'workload=autocomplete' });
  const prefill = page.locator('[data-testid="timeline"] rect[aria-label^="Prefill"]').first();
  await prefill.hover();
  await page.getByText(/^Prefill [\d.]+ ms: [\d.]+ ms to [\d.]+ ms after sending$/).waitFor();
  const token = page.locator('[data-testid="timeline"] rect[aria-label^="Token 2 "]').first();
  await token.focus();
  await page.getByText(/^Token 2 arrives at [\d.]+ ms/).waitFor();
});
