import { expect, test } from './fixtures';
import { act, axeClean } from './helpers';

test('axe: no serious or critical violations, light, 1280 px', async ({ lab }) => {
  const { page } = await lab();
  await axeClean(page);
});

test('axe: no serious or critical violations, dark, 390 px, with notices and a long report', async ({ lab }) => {
  const { page } = await lab({ query: 'workload=report&load=busy&seed=oops', width: 390, colorScheme: 'dark' });
  await axeClean(page);
});

test('axe: missed verdict and open loop, dark', async ({ lab }) => {
  const { page } = await lab({ query: 'rate=2&ttftSlo=50', colorScheme: 'dark' });
  await axeClean(page);
});

test('axe: no serious or critical violations while the curve is being recomputed', async ({ lab }) => {
  const { page } = await lab();
  await page.waitForSelector('main#results[data-sweep="done"]');
  await page.getByText('Write a long report', { exact: true }).click();
  await page.waitForSelector('main#results[data-state="ready"]');
  await axeClean(page);
});

test('keyboard: Tab reaches the controls in order and focus is visible', async ({ lab }) => {
  const { page } = await lab();
  const names: string[] = [];
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    names.push(await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      const label = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent;
      return `${el.tagName}:${(label ?? '').trim().slice(0, 30)}:${style.outlineStyle !== 'none' || el.closest('label')?.matches(':has(:focus-visible)') ? 'visible' : 'hidden'}`;
    }));
  }
  const all = names.join('\n');
  expect(names.some((n) => n.includes('Copy link')), all).toBe(true);
  expect(names.some((n) => /INPUT:.*Chatbot reply/.test(n)), all).toBe(true);
  expect(names.some((n) => /Prompt length/.test(n)), all).toBe(true);
  expect(names.every((n) => n.endsWith('visible')), all).toBe(true);
  // Arrow keys move between workloads, as radios do.
  await page.getByRole('radio', { name: /Chatbot reply/ }).focus();
  await act(page, () => page.keyboard.press('ArrowRight'));
  await expect(page.getByRole('radio', { name: /Summarize a long doc/ })).toBeChecked();
});
