import { expect, test } from './fixtures';
import { act, readout, ready, urlMatches } from './helpers';

test('a deep link restores the scenario', async ({ lab }) => {
  const q = 'workload=summarize&load=busy&ttftSlo=2000&tpotSlo=off&seed=7&chunkedPrefill=1&networkMs=120&question=2';
  const { page } = await lab({ query: q });
  await expect(page.getByRole('radio', { name: /Summarize a long doc/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Busy/ })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'TTFT target' })).toHaveValue('2000');
  await expect(page.getByRole('switch', { name: 'TPOT target' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Chunked prefill' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Random seed' })).toHaveValue('7');
  await expect(page.getByRole('textbox', { name: 'Network round trip' })).toHaveValue('120');
  await expect(page.locator('[data-testid="notices"]')).toHaveCount(0);
  const ttft = await readout(page, 'ttft');

  // A change rewrites the link, keeping keys other features own.
  await act(page, () => page.getByText('Idle', { exact: true }).click());
  await urlMatches(page, /question=2/);
  await urlMatches(page, /load=idle/);
  await act(page, () => page.getByText('Busy', { exact: true }).click());
  await urlMatches(page, /load=busy/);
  await page.reload();
  await ready(page);
  expect(await readout(page, 'ttft'), 'the same link gives the same numbers').toBe(ttft);
});

test('a garbled link shows a notice per bad parameter and a working page', async ({ lab }) => {
  const { page } = await lab({ query: 'users=lots&workload=pizza&ttftSlo=-4&seed=abc&question=q1' });
  const notices = page.locator('[data-testid="notices"]');
  await notices.waitFor();
  const text = (await notices.textContent()) ?? '';
  for (const p of ['users', 'workload', 'ttftSlo', 'seed']) expect(text.includes(p), `notice names ${p}`).toBe(true);
  expect(text).toMatch(/Using the default/);
  expect(await readout(page, 'verdict')).toMatch(/^(Met|Missed)/);
  // Still works.
  await act(page, () => page.getByText('Busy', { exact: true }).click());
  // Dismiss one, then the rest.
  await page.getByRole('button', { name: 'Dismiss the notice about seed' }).click();
  await expect(notices, 'the other notices stay').toHaveCount(1);
  await expect(notices).not.toContainText('seed:');
  await page.getByRole('button', { name: 'Dismiss all' }).click();
  await expect(notices).toHaveCount(0);
});

test('a question or scene number out of range, and users=Infinity, get the notice any bad value gets', async ({ lab }) => {
  const { page } = await lab({ query: 'question=999999999999999999999&scene=1e309&users=Infinity' });
  const notices = page.locator('[data-testid="notices"]');
  await expect(notices).toContainText('3 settings in the link were ignored');
  await expect(notices).toContainText('question: "999999999999999999999" is not a question of this lab (they are numbered 1 to 5)');
  await expect(notices).toContainText('scene: "1e309" is not a lever scene of this lab (they are numbered 1 to 3)');
  await expect(notices).toContainText('users: "Infinity" is not a number');
  expect(await readout(page, 'verdict')).toMatch(/^(Met|Missed)/);
});

test('settings the engine cannot run show why, and the page recovers', async ({ lab }) => {
  const { page } = await lab({ query: 'model=llama-3.1-405b&gpu=l4&tp=1', state: 'error' });
  const err = page.locator('[data-testid="run-error"]');
  await expect(err).toHaveText(/cannot run/);
  await act(page, () => page.getByRole('button', { name: 'Use the lesson server' }).click());
  await expect(err).toHaveCount(0);
  expect(await readout(page, 'verdict')).toMatch(/^(Met|Missed)/);
});

test('the share panel copies the link', async ({ lab }) => {
  const { page } = await lab({ query: 'workload=report', permissions: ['clipboard-read', 'clipboard-write'] });
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await page.getByRole('button', { name: 'Copy link to this scenario' }).click();
  await page.getByTestId('share-scenario-status').filter({ hasText: 'Copied.' }).waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(page.url());
});
