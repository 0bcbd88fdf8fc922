// Driving the try-it panel: open a question, predict (which sets the lab up),
// switch steps in the dock, say "I've looked", read the explanation.
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { nextResult, resultId } from './helpers';

/** The try-it panel. */
export const panel = (page: Page) => page.locator('[data-testid="try-it"]');
/** The step's controls, docked at the bottom of the window while the student observes. */
export const dock = (page: Page) => page.locator('[data-testid="try-it-dock"]');

/** Opens question `n` in the panel, at its prediction. */
export async function openQuestion(page: Page, n: number) {
  await panel(page).getByRole('button', { name: new RegExp(`^Question ${n}:`) }).click();
  await page.locator(`[data-question="${n}"][data-phase="predict"]`).waitFor();
}

/** The choices in the order the page shows them (their index in the question's data). */
export async function shownOrder(page: Page): Promise<number[]> {
  return (await panel(page).locator('[data-testid="prediction-form"] [data-choice]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-choice')))));
}

/** Picks a choice (by its text), types a guess if the question asks for one, commits, and waits for the set-up run. */
export async function predict(page: Page, answer: string | RegExp, guess?: string) {
  const q = panel(page);
  await q.getByRole('radio', { name: answer }).check();
  if (guess !== undefined) await q.locator('[data-testid="guess"]').fill(guess);
  await applyAndWait(page, q.locator('[data-testid="commit"]'));
  await expect(page.locator('[data-phase="observe"]')).toHaveCount(1);
}

/** Clicks a button that applies a scenario and waits for its run to be on screen. */
export async function applyAndWait(page: Page, locator: Locator) {
  const before = await resultId(page);
  await locator.click();
  await nextResult(page, before);
}

/** Says "I've looked" in the dock and returns the explanation text. */
export async function looked(page: Page) {
  await dock(page).locator('[data-testid="looked"]').click();
  return explanation(page);
}

/** The explanation text, once shown. */
export async function explanation(page: Page) {
  const el = panel(page).locator('[data-testid="explanation"]');
  await el.waitFor({ timeout: 120_000 });
  return ((await el.textContent()) ?? '').trim();
}
