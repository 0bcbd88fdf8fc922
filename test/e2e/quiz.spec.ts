// The matching quiz, by keyboard, with its score kept in versioned progress;
// a damaged or other-version progress entry resets with a notice.
import { expect, test } from './fixtures';
import { axeClean } from './helpers';

const ANSWERS: [string, RegExp][] = [
  ['TTFT', /^Wall-clock time from sending the request/],
  ['TPOT', /^The average gap between one streamed token/],
  ['The phase that dominates TTFT', /^Prefill/],
  ['The phase that dominates TPOT', /^Decode/],
  ['End-to-end latency of an N-token reply (what a non-streamed call waits for)', /^TTFT \+ TPOT/],
];

test('match every term from the keyboard, check, and the score is kept', async ({ lab }) => {
  const { page } = await lab();
  const quiz = page.locator('[data-testid="quiz"]');
  const check = quiz.getByRole('button', { name: 'Check my answers' });
  await expect(check, 'nothing to check yet').toBeDisabled();
  for (const [term, def] of ANSWERS) {
    const select = quiz.getByRole('combobox', { name: term, exact: true });
    const options = await select.locator('option').allTextContents();
    const index = options.findIndex((o) => def.test(o));
    expect(index, `${term} has its definition`).toBeGreaterThan(0);
    // Keyboard only: focus the select, then arrow down to the option.
    await select.focus();
    const current = options.indexOf((await select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0].textContent)) ?? '');
    for (let i = current; i < index; i++) await page.keyboard.press('ArrowDown');
    for (let i = current; i > index; i--) await page.keyboard.press('ArrowUp');
    expect(await select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0].textContent)).toMatch(def);
  }
  // One wrong on purpose, then fix it.
  await quiz.getByRole('combobox', { name: 'TTFT', exact: true }).selectOption({ index: 1 });
  await check.focus();
  await page.keyboard.press('Enter');
  await expect(quiz.locator('[data-testid="quiz-score"]')).toHaveText(/You matched 4 of 5/);
  await expect(quiz.locator('[data-term="ttft"]')).toHaveText(/Not quite/);
  await axeClean(page);
  const ttft = quiz.getByRole('combobox', { name: 'TTFT', exact: true });
  const options = await ttft.locator('option').allTextContents();
  await ttft.selectOption({ index: options.findIndex((o) => /^Wall-clock time from sending/.test(o)) });
  await check.click();
  await expect(quiz.locator('[data-testid="quiz-score"]')).toHaveText(/You matched 5 of 5/);
  await page.reload();
  await expect(page.locator('[data-testid="quiz-score"]')).toHaveText(/Last time you matched 5 of 5/);
});

test('damaged or other-version progress resets with a notice, never a crash', async ({ lab }) => {
  for (const [stored, message] of [
    ['{"version":1,"predictions":', /damaged/],
    [JSON.stringify({ version: 7, predictions: {}, completed: [1], quiz: null }), /another version/],
  ] as const) {
    const l = await lab();
    // The progress store is made when the try-it panel (a lazy chunk) first renders: write the bad
    // entry after that, or this page itself reads it, resets it, and the reload finds nothing.
    await expect(l.page.locator('[data-testid="try-it"]')).toHaveCount(1);
    await l.page.evaluate((v) => window.localStorage.setItem('latency-lab:progress:v1', v), stored);
    await l.page.reload();
    const notice = l.page.locator('[data-testid="progress-notice"]');
    await expect(notice).toHaveText(message);
    expect(await l.page.evaluate(() => window.localStorage.getItem('latency-lab:progress:v1')), 'the bad entry was removed').toBeNull();
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);
    await expect(l.page.locator('[data-testid="try-it"]'), 'the page still works').toHaveCount(1);
  }
});
