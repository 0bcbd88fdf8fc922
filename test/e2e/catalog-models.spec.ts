import { expect, shotPath, test } from './fixtures';
import { act, axeClean, openSettings, renderEverything } from './helpers';

for (const [width, colorScheme] of [[1280, 'light'], [390, 'dark']] as const) {
  test(`a new model runs from a link and the why panel says its figures are unfitted (${width} ${colorScheme})`, async ({ lab }) => {
    const { page } = await lab({ query: 'model=gpt-oss-120b&gpu=h100-sxm&precision=mxfp4&workload=chat', width, colorScheme });
    await expect(page.getByTestId('server-facts')).toHaveText(/gpt-oss-120b on 1 × H100 SXM 80GB, MXFP4/);
    await expect(page.getByTestId('server-caveat')).toHaveText(/None of those measurements is of gpt-oss-120b: its figures are unfitted/);
    await renderEverything(page);
    const why = page.getByTestId('why-section');
    await expect(why.getByTestId('why-model-unfitted')).toHaveText(/Figures unfitted for this model\. No published measurements of gpt-oss-120b are in data\/calibration/);
    await expect(why.getByTestId('why-sentence')).toHaveText(/4 of 128 experts per layer/);
    await axeClean(page);
    await why.screenshot({ path: shotPath(`catalog-why-${width}-${colorScheme}.png`) });
  });
}

test('gpt-oss in BF16 is refused with the reason and a one-click fix to its MXFP4 checkpoint', async ({ lab }) => {
  const { page } = await lab({ query: 'model=gpt-oss-20b&gpu=h100-sxm&precision=bf16', width: 390, state: 'error' });
  const alert = page.locator('[data-testid="hardware-refusal"]');
  await expect(alert).toHaveText(/published in mxfp4 only/);
  // On a phone the refusal and its fix live in the settings drawer.
  await openSettings(page);
  await page.screenshot({ path: shotPath('catalog-refused-390.png') });
  await act(page, () => alert.getByRole('button', { name: 'Use MXFP4' }).click());
  await expect(page.getByTestId('server-facts')).toHaveText(/gpt-oss-20b on 1 × H100 SXM 80GB, MXFP4/);
  // A measured model carries no such notice.
  const { page: l8 } = await lab({ query: 'model=llama-3.1-8b&gpu=h100-sxm&precision=bf16' });
  await renderEverything(l8);
  await expect(l8.getByTestId('why-sentence')).toBeVisible();
  await expect(l8.getByTestId('why-model-unfitted')).toHaveCount(0);
  await expect(l8.getByTestId('server-caveat')).not.toHaveText(/unfitted/);
});
