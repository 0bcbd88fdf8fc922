import { expect, test } from './fixtures';
import { act, readout, urlMatches } from './helpers';

test('tightening the TTFT target flips the verdict, and loosening it flips it back', async ({ lab }) => {
  const { page } = await lab();
  expect(await readout(page, 'verdict')).toMatch(/^Met/);
  const ttft = page.getByRole('textbox', { name: 'TTFT target' });
  await act(page, async () => {
    await ttft.fill('50');
    await ttft.press('Enter');
  });
  expect(await readout(page, 'verdict')).toMatch(/^Missed TTFT by /);
  await expect(page.locator('[data-testid="verdict"]')).toHaveText(/counts toward throughput, not goodput/);
  await urlMatches(page, /ttftSlo=50/);
  expect(await readout(page, 'goodput')).toBe('0 req/s');
  await act(page, async () => {
    await ttft.fill('500');
    await ttft.press('Enter');
  });
  expect(await readout(page, 'verdict')).toMatch(/^Met/);
});

test('a preset sets both targets; the autocomplete preset fails a chat reply on TTFT', async ({ lab }) => {
  const { page } = await lab();
  await act(page, () => page.getByText('Autocomplete', { exact: true }).click());
  await urlMatches(page, /ttftSlo=100&tpotSlo=50/);
  expect(await readout(page, 'verdict')).toMatch(/^Missed TTFT/);
  await act(page, () => page.getByText('Batch or report', { exact: true }).click());
  expect(await readout(page, 'verdict')).toMatch(/^Met/);
});

test('a TPOT miss under load names TPOT', async ({ lab }) => {
  const { page } = await lab({ query: 'workload=autocomplete&load=busy&ttftSlo=off&tpotSlo=40' });
  expect(await readout(page, 'verdict')).toMatch(/^Missed TPOT by \d/);
  await expect(page.getByRole('switch', { name: 'TTFT target' })).not.toBeChecked();
});
