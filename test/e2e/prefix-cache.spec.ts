// The prefix cache in KV memory on the page: its fields under the prefix-caching
// lever (labelled, reachable), the router when there are replicas, the hit rate
// on the TTFT card and in the server view, a refusal as a notice, and
// screenshots at 390 and 1280 px for a person to look at.
import { expect, shotPath, test } from './fixtures';
import { act, axeClean, openSettings, ready } from './helpers';

const QUERY = 'workload=chat&users=16&replicas=2&prefixGroups=4&prefixTokens=400&turns=3&router=prefix-aware';

for (const width of [390, 1280]) {
  test(`the prefix cache's fields, router and hit rate at ${width} px`, async ({ lab }) => {
    const { page } = await lab({ width, height: 900, query: QUERY });
    await ready(page);
    const hit = page.getByTestId('prefix-hit-rate');
    await expect(hit).toHaveText(/^\d+(\.\d)?%$/);
    await expect(page.getByTestId('server-prefix-cache')).toContainText(/of prompt tokens found cached/);
    const opened = await openSettings(page);
    const fields = page.getByTestId('prefix-cache-fields');
    await fields.scrollIntoViewIfNeeded();
    await expect(fields.getByLabel('Shared prefixes')).toHaveValue('4');
    await expect(fields.getByLabel('Prefix tokens')).toHaveValue('400');
    await expect(fields.getByLabel('Turns')).toHaveValue('3');
    await expect(page.getByTestId('router-choice').getByRole('radio', { name: /Prefix-aware/ })).toBeChecked();
    await fields.screenshot({ path: shotPath(`prefix-fields-${width}.png`) });
    await page.getByTestId('lever-controls').screenshot({ path: shotPath(`prefix-levers-${width}.png`) });
    // Keyboard: the turns field takes a new value and the run follows it in the link.
    await fields.getByLabel('Turns').focus();
    await act(page, async () => {
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('2');
      await page.keyboard.press('Enter');
    });
    await expect.poll(() => new URL(page.url()).searchParams.get('turns')).toBe('2');
    await axeClean(page);
    if (opened) await page.keyboard.press('Escape');
    await page.screenshot({ path: shotPath(`prefix-page-${width}.png`) });
  });
}

test('a prefix longer than the prompt is refused with the reason, and the page keeps working', async ({ lab }) => {
  const { page } = await lab({ width: 1280, height: 900, query: 'workload=chat&prefixGroups=2&prefixTokens=900', state: 'error' });
  await expect(page.getByText(/900-token prefix is longer than the shortest prompt/).first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText('NaN');
});
