// Myth cards: "Show me" puts the lab into a scenario in which its own readouts
// contradict the myth, outlines the readouts to look at, and quotes them.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { nextResult, readNumber, readout, resultId } from './helpers';

async function showMe(page: Page, myth: string) {
  const before = await resultId(page);
  await page.locator('[data-testid="myths"]').getByRole('button', { name: `Show me: ${myth}` }).click();
  await nextResult(page, before);
  const card = page.locator('[data-testid="myths"] li').filter({ hasText: myth });
  const evidence = card.locator('[data-testid="myth-evidence"]');
  await evidence.filter({ hasNotText: 'Simulating' }).waitFor();
  return ((await evidence.textContent()) ?? '').trim();
}

test('"Throughput is the goal": highest throughput yet, goodput collapses, verdict missed', async ({ lab }) => {
  const { page } = await lab();
  const idleSystem = await readNumber(page, 'system-throughput');
  const text = await showMe(page, 'Throughput is the goal.');
  expect(page.url()).toMatch(/users=32/);
  expect(await readNumber(page, 'system-throughput')).toBeGreaterThan(10 * idleSystem);
  expect(await readout(page, 'verdict')).toMatch(/^Missed/);
  const goodput = await readNumber(page, 'goodput');
  expect(goodput, `goodput ${goodput} req/s`).toBeLessThan(0.2);
  for (const m of ['system-throughput', 'goodput', 'tpot']) expect(text, `evidence quotes ${m}`).toContain(await readout(page, m));
  const watch = await page.evaluate(() => document.body.getAttribute('data-lesson-watch'));
  expect(watch).toBe('system-throughput goodput verdict tpot');
  // "Show me" takes focus to the lab, in view; the evidence waits in the dock, with a way back.
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('lab');
  await expect(page.locator('[data-metric="verdict"]')).toBeInViewport();
  await expect(page.locator('[data-testid="myth-dock"]')).toContainText(await readout(page, 'goodput'));
  await page.locator('[data-testid="myth-back"]').click();
  await expect(page.locator('[data-testid="myth-dock"]')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Show me');
  // It lands with the myth's title in view below the sticky nav, not under it.
  const titleBelowNav = () =>
    page.evaluate(() => {
      const nav = document.querySelector('[data-testid="section-nav"]')!.getBoundingClientRect();
      const title = document.getElementById('myth-throughput-goal-title')!.getBoundingClientRect();
      return title.top >= nav.bottom && title.bottom <= window.innerHeight;
    });
  await expect.poll(titleBelowNav).toBe(true);
});

test('"Report the average": the evidence shows a p99 many times the mean', async ({ lab }) => {
  const { page } = await lab();
  const text = await showMe(page, 'Report the average.');
  const times = Number(/waits ([\d.]+)× the mean/.exec(text)?.[1]);
  expect(times, text).toBeGreaterThan(8);
});

test('"TTFT depends on the model": same server, several-fold TTFT from the prompt alone', async ({ lab }) => {
  const { page } = await lab();
  const chat = await readNumber(page, 'ttft');
  const chatTpot = await readNumber(page, 'tpot');
  await showMe(page, 'TTFT depends on the model.');
  const summaryTtft = await readNumber(page, 'ttft');
  expect(summaryTtft).toBeGreaterThan(4 * chat);
  expect(Math.abs((await readNumber(page, 'tpot')) / chatTpot - 1)).toBeLessThan(0.1);
  // The correction's second half: the same prompt under load waits mostly in the queue.
  const before = await resultId(page);
  await page.getByTestId('myth-dock-then').click();
  await nextResult(page, before);
  expect(page.url()).toMatch(/load=busy/);
  const card = page.locator('[data-myth="ttft-model"]');
  const evidence = card.getByTestId('myth-evidence');
  await expect(evidence).toContainText('waiting in the queue');
  await expect(evidence).toContainText(await readout(page, 'ttft-queue'));
  expect(await readNumber(page, 'ttft-queue')).toBeGreaterThan(await readNumber(page, 'ttft-prefill'));
  expect(await readNumber(page, 'ttft')).toBeGreaterThan(4 * summaryTtft);
});
