/* global document */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { act, axeClean, readNumber, ready, renderEverything, urlMatches } from './harness.mjs';

/** Picks `value` in the select named `name`, waiting for the run it causes (none when it is already picked). */
async function pick(page, name, value) {
  const select = page.getByRole('combobox', { name, exact: true });
  if ((await select.inputValue()) === value) return;
  await act(page, () => select.selectOption(value));
}

/** Picks `value` and waits for the page to show that the settings cannot run. */
async function pickRefused(page, name, value) {
  await page.getByRole('combobox', { name, exact: true }).selectOption(value);
  await ready(page, 'error');
}

/** The refusal alert of the server picker. */
const refusal = (page) => page.locator('[data-testid="hardware-refusal"]');

export const tests = {
  async 'a hardware server picked in the UI changes the readouts, the link, the caveat and the why panel'({ lab, root }) {
    const { page } = await lab();
    const lessonTpot = await readNumber(page, 'tpot');
    assert.ok(lessonTpot > 25 && lessonTpot < 40, `lesson TPOT ≈ 30 ms, got ${lessonTpot}`);
    assert.match(await page.getByTestId('why-section').textContent(), /lesson server is illustrative/);

    await act(page, () => page.getByText('Real hardware', { exact: true }).click());
    await pick(page, 'Model', 'llama-3.1-8b');
    await pick(page, 'GPU', 'h100-sxm');
    await pick(page, 'Weight precision', 'bf16');
    assert.ok(await page.getByRole('radio', { name: '1', exact: true }).isChecked(), 'TP 1 is picked');
    await urlMatches(page, /server=hardware/);
    for (const re of [/model=llama-3\.1-8b/, /gpu=h100-sxm/, /precision=bf16/, /tp=1/]) await urlMatches(page, re);

    const tpot = await readNumber(page, 'tpot');
    assert.ok(tpot < lessonTpot / 2, `an 8B model on an H100 paces tokens well below the lesson server: ${tpot} ms vs ${lessonTpot} ms`);
    assert.ok(tpot > 3, `but not faster than streaming 16 GB at 3.35 TB/s: ${tpot} ms`);
    assert.match(await page.getByTestId('server-facts').textContent(), /Llama-3\.1-8B on 1 × H100 SXM 80GB, BF16.*KV cache holds [\d,]+ tokens/);

    const caveat = await page.getByTestId('server-caveat').textContent();
    assert.match(caveat, /roofline model/);
    assert.match(caveat, /published measurements: median error \d+%/);
    assert.match(caveat, /docs\/calibration\.md/);

    const why = page.getByTestId('why-section');
    await why.scrollIntoViewIfNeeded();
    const whyText = await why.textContent();
    assert.match(whyText, /ridge 295 FLOP\/byte/);
    assert.match(whyText, /prefill \(compute-bound\)/);
    assert.match(whyText, /decode \(memory-bound\)/);
    assert.match(whyText, /far left of the ridge/);
    assert.match(whyText, /KV cache has room for [\d,]+ tokens/);
    assert.doesNotMatch(whyText, /NaN|Infinity|undefined/);

    // Switching the load moves decode along the roof: the run's median batch shows in the panel.
    await act(page, () => page.getByText('Busy', { exact: true }).click());
    await page.waitForFunction(() => /typical batch of \d+ moves it/.test(document.querySelector('[data-testid="why-sentence"]')?.textContent ?? ''));

    await axeClean(page, root);
    await renderEverything(page);
    await page.screenshot({ path: join(root, 'test-results', 'hardware-1280-light.png'), fullPage: true });
    await why.screenshot({ path: join(root, 'test-results', 'hardware-why-1280-light.png') });
  },

  async 'an impossible combination says why, keeps the page working, and its one-click fixes run'({ lab, root }) {
    const { page } = await lab({ query: 'model=llama-3.1-8b&gpu=l4&precision=bf16&tp=1', width: 390, colorScheme: 'dark' });
    const tpotBefore = await readNumber(page, 'tpot');

    // 70B in bf16 on one L4: 141 GB of weights on a 24 GB card.
    await pickRefused(page, 'Model', 'llama-3.1-70b');
    const alert = refusal(page);
    await alert.waitFor();
    assert.equal(await alert.getAttribute('role'), 'alert');
    const text = await alert.textContent();
    assert.match(text, /141 GB of weights; one L4 has 24 GB/);
    assert.match(text, /Try TP 8/);
    assert.doesNotMatch(text, /--tp/);
    // The rest of the page still works and says the results are stale; no NaN, never blank.
    assert.match(await page.getByTestId('stale-results').textContent(), /Stale/);
    assert.match(await page.getByTestId('run-error').textContent(), /cannot run/);
    assert.equal(await readNumber(page, 'tpot'), tpotBefore);
    assert.equal(await page.getByTestId('why-section').getAttribute('data-why'), 'refused');
    assert.doesNotMatch(await page.locator('main#results').textContent(), /NaN|Infinity/);
    await axeClean(page, root);
    await alert.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(root, 'test-results', 'hardware-refused-390-dark.png') });

    // One click: TP 8 runs.
    await act(page, () => alert.getByRole('button', { name: 'Use TP 8' }).click());
    await urlMatches(page, /tp=8/);
    assert.equal(await alert.count(), 0);
    assert.equal(await page.getByTestId('stale-results').count(), 0);
    assert.ok(await page.getByRole('radio', { name: '8', exact: true }).isChecked());
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'server-facts', 'focus moves to the new server, not to the page');
    assert.ok((await readNumber(page, 'tpot')) > 0);

    // FP8 runs on an H100 but not on an A100, which has no FP8 tensor cores.
    await pick(page, 'GPU', 'h100-sxm');
    await pick(page, 'Weight precision', 'fp8');
    await pickRefused(page, 'GPU', 'a100-80gb-sxm');
    assert.match(await alert.textContent(), /A100 SXM has no FP8 tensor cores/);
    const precisionMenu = page.getByRole('combobox', { name: 'Weight precision', exact: true });
    assert.match(await precisionMenu.locator('option[value="fp4"]').textContent(), /unavailable: the A100 SXM has no FP4 tensor cores/);
    assert.equal(await precisionMenu.locator('option[value="fp4"]').isDisabled(), true);
    await act(page, () => alert.getByRole('button', { name: /^Use BF16/ }).click());
    await urlMatches(page, /precision=bf16/);
    assert.equal(await page.getByTestId('why-section').getAttribute('data-why'), 'hardware');

    await renderEverything(page);
    await page.screenshot({ path: join(root, 'test-results', 'hardware-390-dark.png'), fullPage: true });
    await page.getByTestId('why-section').screenshot({ path: join(root, 'test-results', 'hardware-why-390-dark.png') });
  },

  async 'a link to a combination that cannot run explains itself and offers a bigger GPU'({ lab }) {
    const { page } = await lab({ query: 'model=llama-3.1-405b&gpu=l4&tp=8', state: 'error' });
    const alert = refusal(page);
    assert.match(await alert.textContent(), /812 GB of weights; 8 × L4 have 192 GB/);
    assert.match(await page.locator('main#results').textContent(), /No results: the settings cannot run/);
    assert.doesNotMatch(await page.locator('main#results').textContent(), /Simulating the server/);
    await act(page, () => alert.getByRole('button', { name: 'Use 8 × H200 SXM' }).click());
    await urlMatches(page, /gpu=h200/);
    assert.ok((await readNumber(page, 'tpot')) > 0);
  },

  async 'the lesson-server note switches to real hardware'({ lab }) {
    const { page } = await lab({ query: 'workload=summarize' });
    const why = page.getByTestId('why-section');
    await act(page, () => why.getByRole('button', { name: /^Try Llama-3\.1-8B on one H100 SXM/ }).click());
    await urlMatches(page, /server=hardware/);
    assert.equal(await why.getAttribute('data-why'), 'hardware');
    // A 16,000-token prompt is far right of the ridge.
    assert.match(await page.getByTestId('why-sentence').textContent(), /16,000-token prompt .* compute-bound/);
  },
};
