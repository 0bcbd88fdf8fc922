// Expert parallelism on the page: the control under the levers (labelled, keyboard
// reachable, unavailable with its reason on one GPU), the server view saying how the
// experts are placed, a refusal as a notice, screenshots at 390 and 1280 px.
import { expect, shotPath, test } from './fixtures';
import { act, axeClean, openSettings, readout, ready } from './helpers';

const MOE = 'model=mixtral-8x7b&gpu=h100-sxm&tp=2&workload=chat&users=8&requests=200';

for (const [width, colorScheme] of [[390, 'dark'], [1280, 'light']] as const) {
  test(`the experts' placement: split, then whole from the keyboard, at ${width} px`, async ({ lab }) => {
    const { page } = await lab({ width, height: 900, colorScheme, query: MOE });
    await ready(page);
    await expect(page.getByTestId('server-experts')).toContainText('every GPU holds 1/2 of each expert');
    const tpotSplit = await readout(page, 'tpot');
    const opened = await openSettings(page);
    const control = page.getByTestId('expert-parallel');
    await control.scrollIntoViewIfNeeded();
    await expect(control.getByRole('group', { name: 'Experts on the GPUs' })).toBeVisible();
    const split = control.getByRole('radio', { name: /^Split/ });
    await expect(split).toBeChecked();
    // Keyboard: the radio group moves to Whole with an arrow key, and the run follows it in the link.
    await split.focus();
    await act(page, () => page.keyboard.press('ArrowRight'));
    await expect(control.getByRole('radio', { name: /^Whole/ })).toBeChecked();
    await expect.poll(() => new URL(page.url()).searchParams.get('expertParallel')).toBe('on');
    await expect(page.getByTestId('server-experts')).toContainText('Experts split across the GPUs (expert parallel)');
    await expect.poll(() => readout(page, 'tpot'), { message: 'TPOT moves with the placement' }).not.toBe(tpotSplit);
    await control.screenshot({ path: shotPath(`expert-parallel-control-${width}.png`) });
    await axeClean(page);
    if (opened) {
      await page.keyboard.press('Escape');
      // Closing the drawer gives focus back to its button, which scrolls: let that land first.
      await expect(page.getByRole('dialog', { name: 'Settings' })).toBeHidden();
      await expect(page.getByTestId('settings-open')).toBeFocused();
    }
    // A wheel turn is the reader taking the scroll over (the page stops restoring its own).
    await page.mouse.wheel(0, 1);
    // Sections above it render as they come into view (content-visibility) and move it: scroll until it stays.
    const line = page.getByTestId('server-experts');
    await expect(async () => {
      await line.scrollIntoViewIfNeeded();
      await expect(line).toBeInViewport({ timeout: 1000 });
    }).toPass();
    await line.screenshot({ path: shotPath(`expert-parallel-server-${width}.png`) });
  });
}

test('on one GPU Whole is unavailable with the reason; a dense model with it on is refused with a notice', async ({ lab }) => {
  const one = await lab({ width: 1280, height: 900, query: 'model=mixtral-8x7b&gpu=h100-sxm&precision=fp8&tp=1' });
  await ready(one.page);
  await openSettings(one.page);
  const whole = one.page.getByTestId('expert-parallel').getByRole('radio', { name: /^Whole/ });
  await expect(whole).toBeDisabled();
  await expect(whole).toHaveAccessibleDescription(/with TP 1 there is one GPU and nothing to split/);
  const dense = await lab({ width: 1280, height: 900, query: 'model=llama-3.1-8b&gpu=h100-sxm&tp=2&expertParallel=on', state: 'error' });
  await expect(dense.page.getByText(/is a dense model: every token runs the same MLP/).first()).toBeVisible();
  await expect(dense.page.locator('body')).not.toContainText('NaN');
});
