import type { Page } from '@playwright/test';
import { expect, shotPath, test } from './fixtures';
import { act, axeClean, openSettings, ready, renderEverything } from './helpers';

const picker = (page: Page) => page.getByTestId('server-picker');
const refusal = (page: Page) => page.locator('[data-testid="hardware-refusal"]');

test('a laptop beside an H100: the M4 Max runs llama.cpp, at TP 1 only, and the why panel says it is unfitted', async ({ lab }) => {
  for (const width of [390, 1280]) {
    const { page } = await lab({ query: 'server=hardware&model=llama-3.1-8b&gpu=m4-max', width });
    // On a phone the server picker lives in the settings drawer.
    if (width === 390) await openSettings(page);
    const gpu = page.getByRole('combobox', { name: 'GPU', exact: true });
    await expect(gpu).toHaveValue('m4-max');
    // Grouped: the Apple group holds the three Macs.
    await expect(gpu.locator('optgroup[label="Apple silicon (unified memory)"] option')).toHaveText([
      'M2 Ultra 192GB, 800 GB/s', 'M3 Max 128GB, 400 GB/s', 'M4 Max 128GB, 546 GB/s',
    ]);
    await expect(picker(page)).toContainText('with 96 of its 128 GB of unified memory');
    await expect(gpu.locator('optgroup[label="Workstation and gaming"] option').first()).toHaveText('RTX 4090 24GB, 1.01 TB/s');
    await expect(picker(page).getByRole('radio', { name: '2 unavailable: the M4 Max is one GPU' })).toBeDisabled();
    await expect(page.getByTestId('server-facts')).toHaveText(/macOS lets the GPU wire 96 GB by default/);
    await expect(page.getByRole('combobox', { name: 'Engine', exact: true }).locator('option[value="vllm"]')).toBeDisabled();
    await renderEverything(page);
    await expect(page.getByTestId('why-unfitted')).toHaveText(/^Unfitted for the M4 Max/);
    await picker(page).screenshot({ path: shotPath(`gpus-picker-m4-max-${width}.png`) });
    if (width === 1280) await axeClean(page);
  }
});

test('an engine the GPU cannot host is refused with fixes: vLLM on a Mac, TensorRT-LLM on an MI300X', async ({ lab }) => {
  const { page } = await lab({ query: 'server=hardware&model=llama-3.1-8b&gpu=m4-max&engine=vllm', state: 'error', width: 390 });
  await expect(refusal(page)).toHaveText(/vLLM cannot serve on the M4 Max/);
  await openSettings(page);
  await refusal(page).screenshot({ path: shotPath('gpus-refusal-vllm-m4-max-390.png') });
  await act(page, () => refusal(page).getByRole('button', { name: 'Use llama.cpp' }).click());
  await expect(page.getByTestId('server-facts')).toBeVisible();

  const amd = await lab({ query: 'server=hardware&model=llama-3.1-8b&gpu=mi300x&engine=trtllm', state: 'error' });
  await expect(refusal(amd.page)).toHaveText(/TensorRT-LLM cannot serve on the MI300X/);
  await act(amd.page, () => refusal(amd.page).getByRole('button', { name: 'Use vLLM' }).click());
  await ready(amd.page);
  await expect(amd.page.getByTestId('server-facts')).toBeVisible();
});
