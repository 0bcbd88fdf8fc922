// ?embed=timeline|curve|lab renders one view for an iframe; a bad value falls
// back to the full page with a notice.
import { expect, test } from './fixtures';
import { act, axeClean, readout } from './helpers';

test('embed=timeline: only the timeline, no header, controls or footer', async ({ lab }) => {
  const { page } = await lab({ query: 'embed=timeline&workload=report', width: 700, height: 500 });
  await page.locator('[data-embed="timeline"] [data-testid="timeline-section"]').waitFor();
  await expect(page.locator('header').filter({ hasText: 'Every streamed answer' }), 'no page header').toHaveCount(0);
  await expect(page.locator('footer'), 'no footer').toHaveCount(0);
  await expect(page.locator('aside'), 'no controls').toHaveCount(0);
  await expect(page.locator('[data-testid="try-it"]'), 'no lesson panels').toHaveCount(0);
  expect(await readout(page, 'e2e')).toMatch(/ s$/);
  // The link to the full lab keeps the settings and drops embed.
  const link = page.getByRole('link', { name: 'Open the full lab' });
  await expect(link).toHaveAttribute('href', /workload=report/);
  await expect(link).not.toHaveAttribute('href', /embed=/);
  await axeClean(page);
});

test('embed=curve: the throughput curve alone', async ({ lab }) => {
  const { page } = await lab({ query: 'embed=curve', width: 800, height: 600 });
  await page.waitForSelector('main#results[data-sweep="done"]', { timeout: 30_000 });
  await page.locator('[data-embed="curve"] [data-testid="throughput-curve"]').waitFor();
  await expect(page.locator('[data-testid="timeline-section"]')).toHaveCount(0);
  await expect(page.locator('aside')).toHaveCount(0);
});

test('embed=lab: controls, cards and timeline that still work, no chrome', async ({ lab }) => {
  const { page } = await lab({ query: 'embed=lab', width: 1000, height: 800 });
  await page.locator('[data-embed="lab"]').waitFor();
  await expect(page.locator('aside[aria-label="Settings"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="timeline-section"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="curve-section"]'), 'no charts').toHaveCount(0);
  await expect(page.locator('footer')).toHaveCount(0);
  const idle = await readout(page, 'system-throughput');
  await act(page, () => page.getByText('Busy', { exact: true }).click());
  expect(await readout(page, 'system-throughput')).not.toBe(idle);
  expect(page.url(), 'the link keeps embed').toMatch(/embed=lab/);
  await axeClean(page);
});

test('a bad embed value falls back to the full page with a notice', async ({ lab }) => {
  const { page } = await lab({ query: 'embed=sidebar&workload=summarize' });
  await expect(page.locator('[data-testid="embed-notice"]')).toHaveText(/"sidebar".*full page/);
  await expect(page.getByRole('heading', { level: 1, name: 'Latency Lab' })).toHaveCount(1);
  await expect(page.locator('aside[aria-label="Settings"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="try-it"]')).toHaveCount(1);
  await expect(page.getByRole('radio', { name: /Summarize a long doc/ })).toBeChecked();
});
