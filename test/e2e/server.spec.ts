import { expect, test } from './fixtures';
import { act, readNumber, readout, urlMatches } from './helpers';

test('picking real hardware runs a roofline server and says it is an estimate', async ({ lab }) => {
  const { page } = await lab();
  await act(page, () => page.getByText('Real hardware', { exact: true }).click());
  await urlMatches(page, /server=hardware/);
  await expect(page.getByTestId('page-header')).toHaveText(/roofline model/);
  expect(await readNumber(page, 'ttft')).toBeGreaterThan(0);
  await act(page, () => page.getByRole('combobox', { name: 'GPU', exact: true }).selectOption('a100-80gb-sxm'));
  await urlMatches(page, /gpu=a100-80gb-sxm/);
  expect(await readout(page, 'verdict')).toMatch(/^(Met|Missed)/);
  await act(page, () => page.getByText('Lesson server', { exact: true }).click());
  await expect(page.getByTestId('page-header')).toHaveText(/illustrative/);
});
