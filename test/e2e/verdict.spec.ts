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

test('idle autocomplete: the drawn request meets its targets while 39.1% of the run does not, and the banner, the sticky bar and the cards embed say both', async ({ lab }) => {
  const { page } = await lab({ query: 'workload=autocomplete&load=idle' });
  expect(await readout(page, 'verdict')).toMatch(/^Met every target \(TTFT 99\.2 ms ≤ 100 ms/);
  const banner = page.getByTestId('verdict');
  await expect(banner).toHaveAttribute('data-agreement', 'request-only');
  await expect(banner.getByTestId('verdict-run')).toContainText("This request met its targets; 39.1% of the run's requests did not, and an SLO asks for 90% in time.");
  await expect(banner.getByTestId('verdict-run')).toContainText('Whole run: 60.9% in time');
  // Scrolled away from the lab, the bar that keeps the numbers in view says both too.
  await page.locator('#curve').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('readouts-bar-verdict')).toHaveText('Met; 39.1% late');
  // The same rule in an embed.
  const embed = await lab({ query: 'embed=cards&workload=autocomplete&load=idle', width: 400, height: 600 });
  await expect(embed.page.getByTestId('verdict-run')).toContainText("39.1% of the run's requests did not");
  // Both in time: green, with no second verdict.
  const chat = await lab({ query: 'workload=chat' });
  await expect(chat.page.getByTestId('verdict')).toHaveAttribute('data-agreement', 'both-met');
  await expect(chat.page.getByTestId('verdict-run')).not.toContainText('This request');
});
