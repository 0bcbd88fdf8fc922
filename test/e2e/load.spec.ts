import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { act, readNumber, urlMatches } from './helpers';

async function snapshot(page: Page) {
  return {
    ttft: await readNumber(page, 'ttft'),
    tpot: await readNumber(page, 'tpot'),
    system: await readNumber(page, 'system-throughput'),
    user: await readNumber(page, 'user-throughput'),
  };
}

test('going busy raises TTFT and TPOT while system throughput climbs', async ({ lab }) => {
  const { page } = await lab();
  const idle = await snapshot(page);
  await act(page, () => page.getByText('Busy', { exact: true }).click());
  await urlMatches(page, /load=busy/);
  const busy = await snapshot(page);
  expect(busy.ttft, `TTFT ${idle.ttft} → ${busy.ttft}`).toBeGreaterThan(idle.ttft);
  expect(busy.tpot, `TPOT ${idle.tpot} → ${busy.tpot}`).toBeGreaterThan(idle.tpot);
  expect(busy.system, `system ${idle.system} → ${busy.system} tok/s`).toBeGreaterThan(5 * idle.system);
  expect(busy.user, `per-user pace ${idle.user} → ${busy.user} tok/s`).toBeLessThan(idle.user);
  // Lesson figures: one user ≈ 33 tok/s, 16 users ≈ 380 tok/s.
  expect(Math.abs(idle.system - 33) < 5 && Math.abs(busy.system - 380) < 40, `${idle.system} and ${busy.system}`).toBe(true);
  await act(page, () => page.getByText('Idle', { exact: true }).click());
  expect(await readNumber(page, 'ttft')).toBe(idle.ttft);
});

test('the users slider works from the keyboard', async ({ lab }) => {
  const { page } = await lab();
  const slider = page.getByRole('slider', { name: 'Concurrent users' });
  await slider.focus();
  for (let i = 0; i < 5; i++) await slider.press('ArrowRight');
  await page.waitForSelector('main#results[data-state="ready"]');
  const users = Number(await page.getByRole('textbox', { name: 'Users' }).inputValue());
  expect(users, `five steps right from 1 user reach ${users}`).toBeGreaterThanOrEqual(6);
  await urlMatches(page, new RegExp(`users=${users}(&|$)`));
});

test('open loop: an arrival rate and burstiness', async ({ lab }) => {
  const { page } = await lab();
  await act(page, () => page.getByText('Arrival rate', { exact: true }).click());
  await urlMatches(page, /rate=1(&|$)/);
  const rate = page.getByRole('textbox', { name: 'Rate' });
  await act(page, async () => {
    await rate.fill('3');
    await rate.press('Enter');
  });
  await urlMatches(page, /rate=3/);
  const burst = page.getByRole('textbox', { name: 'Burstiness' });
  await act(page, async () => {
    await burst.fill('0.2');
    await burst.press('Enter');
  });
  await urlMatches(page, /burstiness=0.2/);
  expect(await readNumber(page, 'system-throughput')).toBeGreaterThan(0);
});
