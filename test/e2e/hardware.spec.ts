import type { Page } from '@playwright/test';
import { expect, shotPath, test } from './fixtures';
import { act, axeClean, openSettings, readNumber, ready, renderEverything, urlMatches } from './helpers';

/** Picks `value` in the select named `name`, waiting for the run it causes (none when it is already picked). */
async function pick(page: Page, name: string, value: string) {
  const select = page.getByRole('combobox', { name, exact: true });
  if ((await select.inputValue()) === value) return;
  await act(page, () => select.selectOption(value));
}

/** Picks `value` and waits for the page to show that the settings cannot run. */
async function pickRefused(page: Page, name: string, value: string) {
  await page.getByRole('combobox', { name, exact: true }).selectOption(value);
  await ready(page, 'error');
}

/** The refusal alert of the server picker. */
const refusal = (page: Page) => page.locator('[data-testid="hardware-refusal"]');

test('a hardware server picked in the UI changes the readouts, the link, the caveat and the why panel', async ({ lab }) => {
  const { page } = await lab();
  const lessonTpot = await readNumber(page, 'tpot');
  expect(lessonTpot > 25 && lessonTpot < 40, `lesson TPOT ≈ 30 ms, got ${lessonTpot}`).toBe(true);
  await expect(page.getByTestId('why-section')).toHaveText(/lesson server is illustrative/);

  await act(page, () => page.getByText('Real hardware', { exact: true }).click());
  await pick(page, 'Model', 'llama-3.1-8b');
  await pick(page, 'GPU', 'h100-sxm');
  await pick(page, 'Weight precision', 'bf16');
  await expect(page.getByRole('radio', { name: '1', exact: true }), 'TP 1 is picked').toBeChecked();
  await urlMatches(page, /server=hardware/);
  for (const re of [/model=llama-3\.1-8b/, /gpu=h100-sxm/, /precision=bf16/, /tp=1/]) await urlMatches(page, re);

  const tpot = await readNumber(page, 'tpot');
  expect(tpot, `an 8B model on an H100 paces tokens well below the lesson server: ${tpot} ms vs ${lessonTpot} ms`).toBeLessThan(lessonTpot / 2);
  expect(tpot, `but not faster than streaming 16 GB at 3.35 TB/s: ${tpot} ms`).toBeGreaterThan(3);
  await expect(page.getByTestId('server-facts')).toHaveText(/Llama-3\.1-8B on 1 × H100 SXM 80GB, BF16.*KV cache holds [\d,]+ tokens/);

  const caveat = page.getByTestId('server-caveat');
  await expect(caveat).toHaveText(/roofline model/);
  await expect(caveat).toHaveText(/published measurements[^:]*: median error \d+%/);
  await expect(caveat).toHaveText(/docs\/calibration\.md/);

  const why = page.getByTestId('why-section');
  await why.scrollIntoViewIfNeeded();
  const whyText = (await why.textContent()) ?? '';
  expect(whyText).toMatch(/ridge 295 FLOP\/byte/);
  expect(whyText).toMatch(/prefill \(compute-bound\)/);
  expect(whyText).toMatch(/decode \(memory-bound\)/);
  expect(whyText).toMatch(/far left of the ridge/);
  expect(whyText).toMatch(/KV cache has room for [\d,]+ tokens/);
  expect(whyText).not.toMatch(/NaN|Infinity|undefined/);

  // Switching the load moves decode along the roof: the run's median batch shows in the panel.
  await act(page, () => page.getByText('Busy', { exact: true }).click());
  await expect(page.locator('[data-testid="why-sentence"]')).toHaveText(/typical batch of \d+ moves it/);

  await axeClean(page);
  await renderEverything(page);
  await page.screenshot({ path: shotPath('hardware-1280-light.png'), fullPage: true });
  await why.screenshot({ path: shotPath('hardware-why-1280-light.png') });
});

test('an impossible combination says why, keeps the page working, and its one-click fixes run', async ({ lab }) => {
  const { page } = await lab({ query: 'model=llama-3.1-8b&gpu=l4&precision=bf16&tp=1', width: 390, colorScheme: 'dark' });
  const tpotBefore = await readNumber(page, 'tpot');
  // On a phone the server picker is in the settings drawer.
  expect(await openSettings(page)).toBe(true);

  // 70B in bf16 on one L4: 141 GB of weights on a 24 GB card.
  await pickRefused(page, 'Model', 'llama-3.1-70b');
  const alert = refusal(page);
  await alert.waitFor();
  await expect(alert).toHaveAttribute('role', 'alert');
  const text = (await alert.textContent()) ?? '';
  expect(text).toMatch(/141 GB of weights; one L4 has 24 GB/);
  expect(text).toMatch(/Try TP 8/);
  expect(text).not.toMatch(/--tp/);
  // The rest of the page still works and says the results are stale; no NaN, never blank.
  await expect(page.getByTestId('stale-results')).toHaveText(/Stale/);
  await expect(page.getByTestId('run-error')).toHaveText(/cannot run/);
  expect(await readNumber(page, 'tpot')).toBe(tpotBefore);
  await expect(page.getByTestId('why-section')).toHaveAttribute('data-why', 'refused');
  expect(await page.locator('main#results').textContent()).not.toMatch(/NaN|Infinity/);
  await axeClean(page);
  await alert.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('hardware-refused-390-dark.png') });

  // One click: TP 8 runs.
  await act(page, () => alert.getByRole('button', { name: 'Use TP 8' }).click());
  await urlMatches(page, /tp=8/);
  await expect(alert).toHaveCount(0);
  await expect(page.getByTestId('stale-results')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: '8', exact: true })).toBeChecked();
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'focus moves to the new server, not to the page').toBe('server-facts');
  expect(await readNumber(page, 'tpot')).toBeGreaterThan(0);

  // FP8 runs on an H100 but not on an A100, which has no FP8 tensor cores.
  await pick(page, 'GPU', 'h100-sxm');
  await pick(page, 'Weight precision', 'fp8');
  await pickRefused(page, 'GPU', 'a100-80gb-sxm');
  await expect(alert).toHaveText(/A100 SXM has no FP8 tensor cores/);
  const fp4 = page.getByRole('combobox', { name: 'Weight precision', exact: true }).locator('option[value="fp4"]');
  await expect(fp4).toHaveText(/unavailable: the A100 SXM has no FP4 tensor cores/);
  await expect(fp4).toBeDisabled();
  await act(page, () => alert.getByRole('button', { name: /^Use BF16/ }).click());
  await urlMatches(page, /precision=bf16/);
  await expect(page.getByTestId('why-section')).toHaveAttribute('data-why', 'hardware');

  await page.keyboard.press('Escape');
  await renderEverything(page);
  await page.screenshot({ path: shotPath('hardware-390-dark.png'), fullPage: true });
  await page.getByTestId('why-section').screenshot({ path: shotPath('hardware-why-390-dark.png') });
});

test('a link to a combination that cannot run explains itself and offers a bigger GPU', async ({ lab }) => {
  const { page } = await lab({ query: 'model=llama-3.1-405b&gpu=l4&tp=8', state: 'error' });
  const alert = refusal(page);
  await expect(alert).toHaveText(/812 GB of weights; 8 × L4 have 192 GB/);
  const results = page.locator('main#results');
  await expect(results).toHaveText(/No results: the settings cannot run/);
  expect(await results.textContent()).not.toMatch(/Simulating the server/);
  await act(page, () => alert.getByRole('button', { name: 'Use 8 × H200 SXM' }).click());
  await urlMatches(page, /gpu=h200/);
  expect(await readNumber(page, 'tpot')).toBeGreaterThan(0);
});

test('the lesson-server note switches to real hardware', async ({ lab }) => {
  const { page } = await lab({ query: 'workload=summarize' });
  const why = page.getByTestId('why-section');
  await act(page, () => why.getByRole('button', { name: /^Try Llama-3\.1-8B on one H100 SXM/ }).click());
  await urlMatches(page, /server=hardware/);
  await expect(why).toHaveAttribute('data-why', 'hardware');
  // A 16,000-token prompt is far right of the ridge.
  await expect(page.getByTestId('why-sentence')).toHaveText(/16,000-token prompt .* compute-bound/);
});
