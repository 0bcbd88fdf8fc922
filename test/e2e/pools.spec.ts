// The split's pools in the built lab: each pool's GPUs and TP and the KV link
// are labelled, reachable in order from the keyboard and shown whole; the
// server view names each pool; a pool the model cannot fit at is refused.
import { expect, shotPath, test } from './fixtures';
import { act, axeClean, clippedSelectPx, openSettings, tabTo } from './helpers';

for (const width of [390, 1280]) {
  test(`the split's pools at ${width} px: prefill TP, decode TP and the KV link are labelled and reachable, and the server view names each pool's TP and the link`, async ({ lab }) => {
    const { page } = await lab({ width, height: 900, query: 'model=llama-3.1-8b&gpu=h100-sxm&tp=2&users=16&prefillGpus=4&decodeGpus=4' });
    const param = (key: string) => new URL(page.url()).searchParams.get(key);
    const opened = await openSettings(page);
    const fields = page.getByTestId('pool-fields');
    await fields.scrollIntoViewIfNeeded();
    await expect(fields.getByLabel('Prefill TP')).toHaveValue('auto');
    await expect(fields.getByLabel('Prefill TP').locator('option:checked')).toHaveText('Same as TP (2)');
    // Each choice shows whole: the desktop sidebar once cut "Same as TP (2)" to "Same as TP (2".
    for (const name of ['Prefill TP', 'Decode TP', 'KV link']) expect(await clippedSelectPx(fields.getByLabel(name)), name).toBe(0);
    await expect(fields.getByTestId('pool-shape')).toContainText('2 prefill instances of 2 GPUs, 2 decode instances of 2 GPUs');
    // From the keyboard, in order: the GPU counts, then each pool's TP, then the link.
    await fields.getByLabel('Prefill GPUs').focus();
    await tabTo(page, fields.getByLabel('Prefill TP'), 6);
    await tabTo(page, fields.getByLabel('Decode TP'), 3);
    await tabTo(page, fields.getByLabel('KV link'), 3);
    await act(page, () => fields.getByLabel('Prefill TP').selectOption('4'));
    await act(page, () => fields.getByLabel('Decode TP').selectOption('1'));
    await act(page, () => fields.getByLabel('KV link').selectOption('infiniband'));
    expect([param('prefillTp'), param('decodeTp'), param('kvLink')]).toEqual(['4', '1', 'infiniband']);
    // The longest link shows whole too, its unit in the note under it.
    expect(await clippedSelectPx(fields.getByLabel('KV link')), 'KV link: InfiniBand').toBe(0);
    await expect(fields.getByLabel('KV link')).toHaveAccessibleDescription('Bandwidths each way, per GPU.');
    await expect(fields.getByTestId('pool-shape')).toContainText('1 prefill instance of 4 GPUs, 4 decode instances of 1 GPU');
    await fields.screenshot({ path: shotPath(`pool-fields-${width}.png`) });
    await axeClean(page);
    if (opened) await page.keyboard.press('Escape');
    const pools = page.getByTestId('pool-summary');
    await expect(pools).toHaveText(/^Prefill pool: 1 instance at TP 4; decode pool: 4 instances at TP 1; KV over InfiniBand NDR .* \+ 5 µs, 128 KiB a token on the busiest GPU\.$/);
    await expect(page.getByTestId('instance-summary')).toContainText('#0 prefill (4 GPUs)');
    await expect(page.getByTestId('instance-summary')).toContainText('#4 decode (1 GPU)');
    await pools.scrollIntoViewIfNeeded();
    expect(await clippedSelectPx(page.getByTestId('instance-picker').getByRole('combobox')), 'instance picker').toBe(0);
    await page.screenshot({ path: shotPath(`pool-server-${width}.png`) });
    // Switching the split off clears the pools' settings with it.
    if (await openSettings(page)) await fields.scrollIntoViewIfNeeded();
    await act(page, () => page.getByTestId('lever-controls').getByLabel('Disaggregated').click());
    expect([param('prefillGpus'), param('prefillTp'), param('decodeTp'), param('kvLink')]).toEqual([null, null, null, null]);
  });
}

test('a pool the model does not fit at is refused with the reason, as a notice', async ({ lab }) => {
  const { page } = await lab({ width: 1280, height: 900, query: 'model=llama-3.1-70b&gpu=h100-sxm&tp=2&prefillGpus=2&decodeGpus=2&decodeTp=1', state: 'error' });
  await expect(page.getByText(/the decode pool at TP 1 cannot run: Llama-3.1-70B in bf16 needs .* of weights/).first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText('NaN');
});
