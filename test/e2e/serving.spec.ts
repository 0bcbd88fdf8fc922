import { expect, shotPath, test } from './fixtures';
import { act, axeClean, openSettings, ready, renderEverything, urlMatches } from './helpers';

test('the Serving group: an engine preset fills the settings, an explicit one wins and goes back, all in the link', async ({ lab }) => {
  const { page } = await lab();
  const serving = page.getByTestId('serving-controls');
  await serving.scrollIntoViewIfNeeded();
  await expect(serving.getByRole('heading', { name: 'Serving' })).toBeVisible();
  await expect(serving).toHaveText(/Lab default: reserve admission/);
  await expect(page.getByRole('radio', { name: /^Reserve/ })).toBeChecked();

  await act(page, () => page.getByRole('combobox', { name: 'Engine', exact: true }).selectOption('vllm'));
  await urlMatches(page, /engine=vllm/);
  await expect(serving).toHaveAttribute('data-engine', 'vllm');
  await expect(page.getByRole('radio', { name: /^Paged/ })).toBeChecked();
  await expect(serving.getByText('KV admission (vLLM default)')).toBeVisible();
  const chunked = page.getByRole('switch', { name: 'Chunked prefill', exact: true });
  await expect(chunked).toBeChecked();
  await expect(chunked).toHaveAccessibleDescription(/^vLLM default\. Splits long prompts/);
  const batch = page.getByRole('textbox', { name: 'Batch limit' });
  await expect(batch).toHaveValue('256');

  await act(page, () => batch.fill('32'));
  await urlMatches(page, /maxBatch=32/);
  await expect(serving.getByText('set here').first()).toBeVisible();
  await act(page, () => serving.getByRole('button', { name: 'Use default for Batch limit' }).click());
  await expect(batch).toHaveValue('256');
  expect(page.url()).not.toMatch(/maxBatch=/);

  await act(page, () => page.getByRole('radio', { name: /^Steady state/ }).check({ force: true }));
  await urlMatches(page, /window=steady/);

  const why = page.getByTestId('why-serving');
  await why.scrollIntoViewIfNeeded();
  await expect(why).toHaveText(/vLLM 0\.10 \(V1 engine\)'s defaults/);
  await expect(why).toHaveText(/illustrative; an engine choice changes its scheduler, not its costs/);
  await axeClean(page);
});

test('a bad serving value in a link falls back with a notice naming it; the page still runs', async ({ lab }) => {
  const { page } = await lab({ query: '?maxBatch=0&admission=greedy&engine=vllm' });
  const notices = page.getByTestId('notices');
  await expect(notices).toBeVisible();
  await expect(notices).toHaveText(/maxBatch/);
  await expect(notices).toHaveText(/admission/);
  await expect(page.getByTestId('serving-controls')).toHaveAttribute('data-engine', 'vllm');
});

test('paged admission under pressure: preemptions in the why panel and red marks in the server view; screenshots', async ({ lab }) => {
  for (const width of [1280, 390]) {
    const { page } = await lab({ query: '?workload=report&users=64&admission=paged&chunkedPrefill=1&requests=400', width });
    await ready(page);
    const why = page.getByTestId('why-serving');
    await why.scrollIntoViewIfNeeded();
    await expect(why).toHaveText(/preemptions? recomputed [\d,]+ tokens/);
    const curve = page.getByTestId('throughput-curve');
    await curve.scrollIntoViewIfNeeded();
    await expect(curve).toHaveText(/measured in its steady state/);
    await renderEverything(page);
    // On a phone the serving controls are in the settings drawer.
    const drawer = await openSettings(page);
    await page.getByTestId('serving-controls').screenshot({ path: shotPath(`serving-controls-${width}.png`) });
    if (drawer) await page.keyboard.press('Escape');
    await page.getByTestId('server-view').screenshot({ path: shotPath(`server-view-paged-${width}.png`) });
    if (width === 1280) await axeClean(page);
  }
});
