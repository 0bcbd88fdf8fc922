// Pin and compare (issue 12): pin a run, change a lever, see both; the
// baseline in the link; the glossary's two providers; the DistServe chart.
import { expect, shotPath, test } from './fixtures';
import { act, axeClean, readNumber, readout, renderEverything, urlMatches } from './helpers';

test('pin, change a lever, see both runs: cards, the ghost lane, the pin bar and the link; unpin clears it', async ({ lab }) => {
  const { page } = await lab({ query: 'workload=summarize' });
  const ttftBefore = await readNumber(page, 'ttft');
  await expect(page.getByTestId('pin-bar')).toHaveCount(0);
  await expect(page.locator('[data-metric="baseline-ttft"]')).toHaveCount(0);

  await page.getByTestId('pin-button').click();
  await expect(page.getByTestId('pin-bar')).toBeVisible();
  await urlMatches(page, /pin=workload%3Dsummarize/);

  const share = page.getByRole('textbox', { name: 'Share of the prompt cached' });
  await share.scrollIntoViewIfNeeded();
  await act(page, async () => {
    await share.fill('0.9');
    await share.press('Enter');
  });
  await urlMatches(page, /prefixCacheShare=0\.9/);
  await expect(page.getByTestId('pin-changes')).toHaveText(/prefix cache share 0 → 0\.9/i);

  // The baseline's readout keeps the old TTFT; the current one falls (prefill is mostly cached).
  const baseline = page.locator('[data-metric="baseline-ttft"]').first();
  await expect(baseline).toBeVisible();
  const baselineText = (await baseline.textContent())?.trim() ?? '';
  const m = /^([\d,.]+)\s*(ms|s)$/.exec(baselineText);
  expect(m, `baseline TTFT readout "${baselineText}"`).not.toBeNull();
  const baselineMs = Number(m![1].replace(/,/g, '')) * (m![2] === 's' ? 1000 : 1);
  expect(Math.abs(baselineMs - ttftBefore) / ttftBefore, `baseline ${baselineMs} ms vs the run pinned ${ttftBefore} ms`).toBeLessThan(0.01);
  const ttftNow = await readNumber(page, 'ttft');
  expect(ttftNow, 'a 90% cached prefix cuts the summary TTFT').toBeLessThan(ttftBefore * 0.5);
  await expect(page.getByTestId('pin-summary')).toHaveText(/sooner/);
  // The timeline draws the pinned request as a ghost lane above the current one.
  await expect(page.getByTestId('ghost-caption')).toHaveCount(1);
  await expect(page.getByTestId('ghost-caption')).toHaveText(/pinned run/);
  await axeClean(page);
  await page.screenshot({ path: shotPath('pin-1280.png') });

  await page.getByTestId('unpin-button').click();
  await expect(page.getByTestId('pin-bar')).toHaveCount(0);
  await expect(page.getByTestId('ghost-caption')).toHaveCount(0);
  await expect(page.locator('[data-metric="baseline-ttft"]')).toHaveCount(0);
  await page.waitForFunction(() => !/[?&]pin=/.test(location.search));
  expect(page.url()).toMatch(/prefixCacheShare=0\.9/);
});

test('a before-and-after link opens with the baseline pinned; a bad value inside the pin gets a notice naming pin.<key>', async ({ lab }) => {
  const { page } = await lab({ query: 'workload=summarize&prefixCacheShare=0.9&pin=workload%3Dsummarize' });
  await expect(page.getByTestId('pin-bar')).toBeVisible();
  await expect(page.locator('[data-metric="baseline-ttft"]').first()).toBeVisible();
  await expect(page.getByTestId('pin-changes')).toHaveText(/prefix cache share 0 → 0\.9/i);

  const bad = await lab({ query: 'workload=report&pin=workload%3Dreport%26specTokens%3Dlots' });
  await expect(bad.page.getByText(/pin\.specTokens/)).toBeVisible();
  await expect(bad.page.getByTestId('pin-bar')).toBeVisible();
  for (const metric of ['ttft', 'tpot', 'e2e']) expect(await readout(bad.page, metric)).not.toMatch(/NaN|Infinity|undefined/);
});

test("the glossary's two providers: pin one, set the other, and the slow starter finishes first", async ({ lab }) => {
  // 5 s to the first token at 120 tok/s against 0.2 s at 25 tok/s, for a ~480-token answer.
  const { page } = await lab({ query: 'server=custom&customTtftMs=5000&customTokPerSec=120&output=480&spread=0&requests=1' });
  const fastStreamE2e = await readNumber(page, 'e2e');
  expect(fastStreamE2e / 1000).toBeCloseTo(9.0, 0);
  await page.getByTestId('pin-button').click();
  await expect(page.getByTestId('pin-bar')).toBeVisible();

  const ttft = page.getByRole('textbox', { name: 'Time to first token' });
  await ttft.scrollIntoViewIfNeeded();
  await act(page, async () => {
    await ttft.fill('200');
    await ttft.press('Enter');
  });
  const pace = page.getByRole('textbox', { name: 'Streaming pace' });
  await act(page, async () => {
    await pace.fill('25');
    await pace.press('Enter');
  });
  await urlMatches(page, /customTokPerSec=25/);
  const fastStartE2e = await readNumber(page, 'e2e');
  expect(fastStartE2e / 1000).toBeCloseTo(19.4, 0);
  expect(await readNumber(page, 'ttft')).toBeLessThan(300);
  // The pinned provider's E2E stays on screen beside the new one.
  const baselineE2e = (await page.locator('[data-metric="baseline-e2e"]').first().textContent())?.trim() ?? '';
  expect(baselineE2e).toMatch(/^(8\.9\d*|9\.0\d*) s$/);
  await expect(page.getByTestId('pin-summary')).toHaveText(/later/);
});

test('the DistServe comparison: pinned replicas against split prefill and decode on one goodput-vs-rate chart', async ({ lab }) => {
  const base = 'model=llama-3.1-8b&gpu=h100-sxm&server=hardware&prompt=4000&output=200&spread=0.5&ttftSlo=1000&tpotSlo=20&requests=400';
  const { page } = await lab({ query: `${base}&prefillGpus=2&decodeGpus=2&pin=${encodeURIComponent(`${base}&replicas=4`)}` });
  await expect(page.getByTestId('pin-bar')).toBeVisible();
  const curve = page.locator('#curve');
  await curve.scrollIntoViewIfNeeded();
  await page.getByRole('radio', { name: /^Goodput against rate/ }).check({ force: true });
  const chart = page.getByTestId('goodput-rate-chart');
  await expect(chart).toBeVisible({ timeout: 120_000 });
  const sentence = page.getByTestId('goodput-rate-sentence');
  await expect(sentence).not.toHaveText(/Sweeping/, { timeout: 90_000 });
  // Both runs are drawn: the current one solid, the pinned one as a ghost.
  await expect(chart.locator('svg [data-ghost]').first()).toBeAttached({ timeout: 120_000 });
  await expect(chart.locator('svg g[data-sustained]')).toHaveCount(2);
  // The DistServe shape: split prefill and decode sustain a higher rate within the SLO at the same GPUs.
  const words = (await sentence.textContent()) ?? '';
  const m = /now up to ([\d.,]+) req\/s, the pinned run up to ([\d.,]+) req\/s/.exec(words);
  expect(m, words).not.toBeNull();
  expect(Number(m![1].replace(/,/g, '')), words).toBeGreaterThan(1.2 * Number(m![2].replace(/,/g, '')));
  await renderEverything(page);
  await chart.screenshot({ path: shotPath('pin-goodput-rate.png') });
  await axeClean(page);
});
