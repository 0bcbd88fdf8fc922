// Driving the try-it panel: open a question, predict, apply a step, read the explanation.
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { nextResult, resultId } from './helpers';

/** The try-it panel. */
export const panel = (page: Page) => page.locator('[data-testid="try-it"]');

/** Opens question `n` in the panel. */
export async function openQuestion(page: Page, n: number) {
  await panel(page).getByRole('button', { name: new RegExp(`^Question ${n}:`) }).click();
  await page.locator(`[data-question="${n}"]`).waitFor();
}

/** Picks a choice (by its text) or types a number, and commits. Nothing in the lab may move. */
export async function predict(page: Page, answer: string | RegExp | number) {
  const before = await resultId(page);
  const q = panel(page);
  if (typeof answer === 'number') await q.getByRole('textbox').fill(String(answer));
  else await q.getByRole('radio', { name: answer }).check();
  await q.getByRole('button', { name: 'Commit my prediction' }).click();
  await page.waitForTimeout(150);
  expect(await resultId(page), 'committing a prediction does not move the lab').toBe(before);
}

/** Clicks a button that applies a scenario and waits for its run to be on screen. */
export async function applyAndWait(page: Page, locator: Locator) {
  const before = await resultId(page);
  await locator.click();
  await nextResult(page, before);
}

/** The explanation text, once shown. */
export async function explanation(page: Page) {
  const el = panel(page).locator('[data-testid="explanation"]');
  await el.waitFor({ timeout: 20_000 });
  return ((await el.textContent()) ?? '').trim();
}
