/* global window */
// The matching quiz, by keyboard, with its score kept in versioned progress;
// a damaged or other-version progress entry resets with a notice.
import assert from 'node:assert/strict';
import { axeClean } from './harness.mjs';

const ANSWERS = [
  ['TTFT', /^Time to first token/],
  ['TPOT', /^Time per output token/],
  ['The phase that dominates TTFT', /^Prefill/],
  ['The phase that dominates TPOT', /^Decode/],
  ['Total latency a user perceives for an N-token reply', /^TTFT \+ TPOT/],
];

export const tests = {
  async 'match every term from the keyboard, check, and the score is kept'({ lab, root }) {
    const { page } = await lab();
    const quiz = page.locator('[data-testid="quiz"]');
    const check = quiz.getByRole('button', { name: 'Check my answers' });
    assert.ok(await check.isDisabled(), 'nothing to check yet');
    for (const [term, def] of ANSWERS) {
      const select = quiz.getByRole('combobox', { name: term, exact: true });
      const options = await select.locator('option').allTextContents();
      const index = options.findIndex((o) => def.test(o));
      assert.ok(index > 0, `${term} has its definition`);
      // Keyboard only: focus the select, then arrow down to the option.
      await select.focus();
      const current = options.indexOf(await select.evaluate((s) => s.selectedOptions[0].textContent));
      for (let i = current; i < index; i++) await page.keyboard.press('ArrowDown');
      for (let i = current; i > index; i--) await page.keyboard.press('ArrowUp');
      assert.match(await select.evaluate((s) => s.selectedOptions[0].textContent), def);
    }
    // One wrong on purpose, then fix it.
    await quiz.getByRole('combobox', { name: 'TTFT', exact: true }).selectOption({ index: 1 });
    await check.focus();
    await page.keyboard.press('Enter');
    assert.match(await quiz.locator('[data-testid="quiz-score"]').textContent(), /You matched 4 of 5/);
    assert.match(await quiz.locator('[data-term="ttft"]').textContent(), /Not quite/);
    await axeClean(page, root);
    const ttft = quiz.getByRole('combobox', { name: 'TTFT', exact: true });
    const options = await ttft.locator('option').allTextContents();
    await ttft.selectOption({ index: options.findIndex((o) => /^Time to first token/.test(o)) });
    await check.click();
    assert.match(await quiz.locator('[data-testid="quiz-score"]').textContent(), /You matched 5 of 5/);
    await page.reload();
    assert.match(await page.locator('[data-testid="quiz-score"]').textContent(), /Last time you matched 5 of 5/);
  },

  async 'damaged or other-version progress resets with a notice, never a crash'({ lab }) {
    for (const [stored, message] of [
      ['{"version":1,"predictions":', /damaged/],
      [JSON.stringify({ version: 7, predictions: {}, completed: [1], quiz: null }), /another version/],
    ]) {
      const l = await lab();
      await l.page.evaluate((v) => window.localStorage.setItem('latency-lab:progress:v1', v), stored);
      await l.page.reload();
      const notice = l.page.locator('[data-testid="progress-notice"]');
      assert.match(await notice.textContent(), message);
      assert.equal(await l.page.evaluate(() => window.localStorage.getItem('latency-lab:progress:v1')), null, 'the bad entry was removed');
      await notice.getByRole('button', { name: 'Dismiss' }).click();
      assert.equal(await notice.count(), 0);
      assert.equal(await l.page.locator('[data-testid="try-it"]').count(), 1, 'the page still works');
    }
  },
};
