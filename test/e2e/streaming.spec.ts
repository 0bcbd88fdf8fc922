// Streaming you can feel: nothing during TTFT, then text at the simulated
// token times beside a reader; chunks and where TTFT is measured; pause,
// replay, speed; reduced motion shows the end state with steps instead.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeClean, frames, streamClockAtLeast } from './helpers';

const panel = (page: Page) => page.locator('[data-testid="streaming"]');
/** The element whose `data-phase` says waiting, streaming or done. */
const phased = (page: Page) => panel(page).locator('[data-phase]').first();
const ahead = async (page: Page) => Number(await panel(page).locator('[data-testid="stream-ahead"]').getAttribute('data-ahead'));

test('the long report: a short wait, then the model races ahead of the reader', async ({ lab }) => {
  const { page } = await lab({ query: 'workload=report' });
  const p = panel(page);
  await expect(phased(page)).toHaveAttribute('data-phase', 'waiting');
  await expect(p.locator('[data-testid="waiting"]')).toHaveText(/Waiting for the first token/);
  await expect(p.locator('[data-testid="writer-lane"]')).toHaveText(/0 \/ 1,\d{3} tokens/);
  await p.getByText('10×', { exact: true }).click();
  await p.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="streaming"] [data-phase]')?.getAttribute('data-phase') === 'streaming');
  await streamClockAtLeast(page, 15_000);
  const first = await ahead(page);
  expect(first, `ahead by ${first} tokens after 15 simulated seconds or more`).toBeGreaterThan(100);
  await expect(p.locator('[data-testid="stream-ahead"]')).toHaveText(/tokens ahead of the reader/);
  await expect(p.locator('[data-testid="stream-status"]')).toHaveText(/faster than the reader/);
  await p.getByRole('button', { name: 'Pause' }).click();
  const clock = await p.locator('[data-testid="stream-clock"]').textContent();
  await frames(page, 20);
  expect(await p.locator('[data-testid="stream-clock"]').textContent(), 'paused: the clock stops').toBe(clock);
  expect(clock).toMatch(/10× speed/);
  await axeClean(page);
  await p.getByRole('button', { name: 'Replay' }).click();
  await expect(phased(page)).toHaveAttribute('data-phase', /^(waiting|streaming)$/);
});

test('chunks of 5: TTFT is the first chunk with text, not the role-only event; TPOT counts tokens', async ({ lab }) => {
  const { page } = await lab({ query: 'workload=chat' });
  const p = panel(page);
  await p.getByText('5 tokens', { exact: true }).click();
  const events = p.locator('[data-testid="first-events"]');
  const role = events.locator('[data-event="role"]');
  await expect(role).toHaveText(/no text.*not measured here/);
  await expect(role, 'the role-only event is greyed').toHaveClass(/text-muted/);
  const first = events.locator('[data-event="first-content"]');
  await expect(first).toHaveText(/\(5 tokens\).*TTFT measured here/);
  await expect(events.locator('[data-testid="measured-ttft"]')).toHaveText(/held it until its chunk of 5 was full/);
  await expect(events.locator('[data-testid="chunk-count"]')).toHaveText(/about 5× too slow/);
  // Chunk boundaries in the writer lane: each chunk is its own marked span.
  await p.getByRole('button', { name: 'Next event' }).click();
  await p.getByRole('button', { name: 'Next event' }).click();
  await expect(p.locator('[data-testid="writer-lane"] [data-chunk]')).toHaveCount(1);
});

test('reduced motion: the end state, with steps and a scrubber instead of animation', async ({ lab }) => {
  const { page } = await lab({ query: 'workload=report', reducedMotion: 'reduce', width: 390 });
  const p = panel(page);
  await expect(p.locator('[data-reduced-motion]').first()).toHaveAttribute('data-reduced-motion', 'true');
  await expect(phased(page)).toHaveAttribute('data-phase', 'done');
  await expect(p.getByRole('button', { name: 'Play', exact: true }), 'no autoplay control').toHaveCount(0);
  await p.getByRole('button', { name: 'Back to the start' }).click();
  await expect(phased(page)).toHaveAttribute('data-phase', 'waiting');
  await p.getByRole('button', { name: 'Next event' }).click();
  await expect(p.locator('[data-testid="stream-status"]')).toHaveText(/carries no text/);
  await p.getByRole('button', { name: 'Next event' }).click();
  await expect(phased(page)).toHaveAttribute('data-phase', 'streaming');
  const slider = p.getByRole('slider', { name: 'Position' });
  await slider.focus();
  await page.keyboard.press('End');
  await expect(phased(page)).toHaveAttribute('data-phase', 'done');
  await axeClean(page);
});
