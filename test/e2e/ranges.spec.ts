import { expect, shotPath, test } from './fixtures';
import { axeClean, renderEverything } from './helpers';

// 70B fp8 on 2 × H100 with 4,000-token prompts at 128 users: the KV cache is full, TTFT hangs on a few % of memory.
const KNEE = 'server=hardware&model=llama-3.1-70b&gpu=h100-sxm&precision=fp8&tp=2&prompt=4000&output=500&engine=vllm&users=128&requests=400';

test('a hardware run at the knee: the card says its range, the curve draws the band and the knee, the why panel says what it is made of', async ({ lab }) => {
  // Eleven edge runs of a 400-request 70B run per width, on a shared 2-core machine.
  test.setTimeout(300_000);
  for (const width of [390, 1280]) {
    const { page } = await lab({ query: KNEE, width });
    // The readouts come first; the range follows from the edge runs in the worker.
    const line = page.locator('[data-range="ttft"]');
    await expect(line).toHaveText(/^Median .+ · likely .+–.+: near the memory limit/, { timeout: 120_000 });
    await page.locator('#curve').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('curve-range').first()).toBeAttached({ timeout: 120_000 });
    await expect(page.getByTestId('curve-knee')).toBeAttached({ timeout: 120_000 });
    const why = page.getByTestId('why-range');
    await expect(why.locator('[data-line="sensitivity"]')).toHaveText(/matters most here: KV capacity alone/, { timeout: 120_000 });
    await expect(why.locator('[data-line="source"]')).toHaveText(/provisional|held-out|leave-one/);
    await axeClean(page);
    await renderEverything(page);
    await page.getByTestId('cards').screenshot({ path: shotPath(`ranges-cards-${width}.png`) });
    await page.locator('#curve').screenshot({ path: shotPath(`ranges-curve-${width}.png`) });
    await why.screenshot({ path: shotPath(`ranges-why-${width}.png`) });
    await page.close();
  }
});

test('the lesson server shows no range, and the why panel says why', async ({ lab }) => {
  const { page } = await lab({ query: 'load=busy' });
  await expect(page.getByTestId('why-range').locator('[data-line="none"]')).toHaveText(/lesson server is illustrative/);
  await expect(page.locator('[data-range]')).toHaveCount(0);
  await expect(page.getByTestId('curve-range')).toHaveCount(0);
});

test('ranges=off: no edge runs, and the why panel says so', async ({ lab }) => {
  const { page } = await lab({ query: `${KNEE}&ranges=off` });
  await expect(page.getByTestId('why-range').locator('[data-line="none"]')).toHaveText(/Ranges are off/);
  await expect(page.locator('[data-range]')).toHaveCount(0);
});
