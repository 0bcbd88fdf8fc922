/* global document, getComputedStyle */
import assert from 'node:assert/strict';
import { act, axeClean } from './harness.mjs';

export const tests = {
  async 'axe: no serious or critical violations, light, 1280 px'({ lab, root }) {
    const { page } = await lab();
    await axeClean(page, root);
  },
  async 'axe: no serious or critical violations, dark, 390 px, with notices and a long report'({ lab, root }) {
    const { page } = await lab({ query: 'workload=report&load=busy&seed=oops', width: 390, colorScheme: 'dark' });
    await axeClean(page, root);
  },
  async 'axe: missed verdict and open loop, dark'({ lab, root }) {
    const { page } = await lab({ query: 'rate=2&ttftSlo=50', colorScheme: 'dark' });
    await axeClean(page, root);
  },
  async 'axe: no serious or critical violations while the curve is being recomputed'({ lab, root }) {
    const { page } = await lab();
    await page.waitForSelector('main#results[data-sweep="done"]');
    await page.getByText('Write a long report', { exact: true }).click();
    await page.waitForSelector('main#results[data-state="ready"]');
    await axeClean(page, root);
  },
  async 'keyboard: Tab reaches the controls in order and focus is visible'({ lab }) {
    const { page } = await lab();
    const names = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      names.push(await page.evaluate(() => {
        const el = document.activeElement;
        const style = getComputedStyle(el);
        const label = el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent ?? el.textContent;
        return `${el.tagName}:${(label ?? '').trim().slice(0, 30)}:${style.outlineStyle !== 'none' || el.closest('label')?.matches(':has(:focus-visible)') ? 'visible' : 'hidden'}`;
      }));
    }
    assert.ok(names.some((n) => n.includes('Copy link')), names.join('\n'));
    assert.ok(names.some((n) => /INPUT:.*Chatbot reply/.test(n)), names.join('\n'));
    assert.ok(names.some((n) => /Prompt length/.test(n)), names.join('\n'));
    assert.ok(names.every((n) => n.endsWith('visible')), names.join('\n'));
    // Arrow keys move between workloads, as radios do.
    await page.getByRole('radio', { name: /Chatbot reply/ }).focus();
    await act(page, () => page.keyboard.press('ArrowRight'));
    assert.ok(await page.getByRole('radio', { name: /Summarize a long doc/ }).isChecked());
  },
};
