import { expect, test } from './fixtures';
import { act, axeClean } from './helpers';

test('axe: no serious or critical violations, light, 1280 px; the check reaches into the lab\'s own frames', async ({ lab }) => {
  const { page } = await lab();
  await axeClean(page);
  // axeClean runs axe in legacy mode (one axe.run in the page): a nameless button planted inside a
  // same-origin embed frame, as the share panel's preview is, must still fail it.
  await page.evaluate(() => new Promise((loaded) => {
    const frame = document.createElement('iframe');
    Object.assign(frame, { title: 'Planted embed', src: '/?embed=timeline', width: '400', height: '300', onload: loaded });
    document.body.append(frame);
  }));
  const frame = page.frames()[1];
  await frame.waitForSelector('main#results[data-state="ready"]');
  await frame.evaluate(() => document.body.append(Object.assign(document.createElement('button'), { id: 'planted' })));
  const failure = await axeClean(page).then(() => null, (e: Error) => e.message);
  expect(failure, 'a violation inside a frame fails the check').toMatch(/button-name[\s\S]*#planted/);
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

test('keyboard: Tab reaches the controls in reading order and focus is visible', async ({ lab }) => {
  const { page } = await lab();
  const names: string[] = [];
  // The header, the section links, the lesson's two pickers, the lab (the timeline is one stop), the try-it panel, then the settings.
  for (let i = 0; i < 32; i++) {
    await page.keyboard.press('Tab');
    names.push(await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      const label = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent;
      // SVG parts (the timeline's) show focus with a stroke rather than an outline.
      const ring = style.outlineStyle !== 'none' || (el instanceof SVGElement && style.stroke !== 'none' && parseFloat(style.strokeWidth) >= 2) || el.closest('label')?.matches(':has(:focus-visible)');
      return `${el.tagName}:${(label ?? '').trim().slice(0, 30)}:${ring ? 'visible' : 'hidden'}`;
    }));
  }
  const all = names.join('\n');
  const at = (re: RegExp) => names.findIndex((n) => re.test(n));
  expect(at(/^BUTTON:Share:/), all).toBeGreaterThanOrEqual(0);
  expect(at(/^A:Curve/), all).toBeGreaterThan(at(/^BUTTON:Share:/));
  expect(at(/INPUT:.*Chatbot reply/), all).toBeGreaterThan(at(/^A:Curve/));
  expect(at(/Timeline of the drawn request|Network in/), all).toBeGreaterThan(at(/INPUT:.*Chatbot reply/));
  expect(at(/Prompt length/), all).toBeGreaterThan(at(/INPUT:.*Chatbot reply/));
  expect(names.filter((n) => /Network in|Prefill|Token/.test(n)).length, `the timeline is one stop: ${all}`).toBeLessThanOrEqual(1);
  expect(names.every((n) => n.endsWith('visible')), all).toBe(true);
  // Arrow keys move between workloads, as radios do.
  await page.getByRole('radio', { name: /Chatbot reply/ }).focus();
  await act(page, () => page.keyboard.press('ArrowRight'));
  await expect(page.getByRole('radio', { name: /Summarize a long doc/ })).toBeChecked();
});
