// Lesson first: what a student sees without scrolling at 1280×800 (a phone's
// first screen is phone.spec.ts), in-page navigation with anchors that
// work in links, every setting reachable by scrolling the page (no scroll box
// of its own), and a try-it question that does not push the timeline down.
import type { Page } from '@playwright/test';
import { expect, shotPath, test } from './fixtures';
import { ready } from './helpers';
import { openQuestion, predict } from './question-helpers';

/** Top and bottom of an element, px from the top of the page. */
const box = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top + scrollY, bottom: r.bottom + scrollY };
  });

test('1280×800: workload picker, idle/busy, verdict, TTFT and TPOT cards and the timeline, all without scrolling', async ({ lab }) => {
  const { page } = await lab({ width: 1280, height: 800 });
  for (const sel of ['[data-testid="lesson-controls"] fieldset >> nth=0', '[data-testid="lesson-controls"] fieldset >> nth=1', '[data-testid="verdict"]', '#ttft-card', '#tpot-card', '[data-testid="timeline-section"]']) {
    const b = await box(page, sel);
    expect(b.bottom, `${sel} ends at ${b.bottom} px`).toBeLessThanOrEqual(800);
  }
  await page.screenshot({ path: shotPath('layout-fold-1280-light.png') });
  // Busy runs draw longer gaps on the timeline (one more legend entry): still in the first screen.
  for (const query of ['workload=summarize&load=busy', 'workload=chat&load=busy', 'workload=report&load=busy']) {
    const dark = await lab({ width: 1280, height: 800, colorScheme: 'dark', query });
    for (const sel of ['[data-testid="verdict"]', '#ttft-card', '#tpot-card', '[data-testid="timeline-section"]']) expect((await box(dark.page, sel)).bottom, `${query}: ${sel}`).toBeLessThanOrEqual(800);
    if (query.startsWith('workload=chat')) await dark.page.screenshot({ path: shotPath('layout-fold-1280-dark.png') });
  }
});

test('every setting is reachable by scrolling the page: no scroll box of its own', async ({ lab }) => {
  const { page } = await lab({ width: 1280, height: 800 });
  const settings = page.locator('#settings');
  const style = await settings.evaluate((el) => {
    const s = getComputedStyle(el);
    return { overflowY: s.overflowY, scrollH: el.scrollHeight, clientH: el.clientHeight, position: s.position };
  });
  expect(['visible', 'clip']).toContain(style.overflowY);
  expect(style.scrollH).toBeLessThanOrEqual(style.clientH + 1);
  // The last control (the seed) and the hardware picker scroll into view with the page.
  for (const name of ['Random seed', 'Network round trip']) {
    const input = page.getByRole('textbox', { name });
    await input.scrollIntoViewIfNeeded();
    await expect(input).toBeInViewport();
  }
  await page.getByText('Real hardware', { exact: true }).scrollIntoViewIfNeeded();
  await expect(page.getByText('Real hardware', { exact: true })).toBeInViewport();
});

test('in-page navigation: every section has a stable anchor that works in a link', async ({ lab }) => {
  const { page } = await lab({ width: 1280, height: 800 });
  const nav = page.getByRole('navigation', { name: 'Sections' });
  const hrefs = await nav.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual(['#lab', '#try-it', '#settings', '#diagnose', '#scenes', '#streaming', '#curve', '#server', '#distribution', '#compare', '#trace', '#plan', '#why', '#myths', '#quiz']);
  for (const href of hrefs) await expect(page.locator(href!), `${href} exists`).toHaveCount(1);
  // It fits a desktop: no scroll cue (phone.spec.ts has the phone's), and the settings are a column, not a drawer.
  await expect(page.getByTestId('nav-more-after')).toHaveCount(0);
  expect(await nav.locator('ul').evaluate((ul) => getComputedStyle(ul).maskImage)).toBe('none');
  await expect(page.getByTestId('settings-open')).toHaveCount(0);
  await expect(page.locator('#settings')).toBeVisible();
  await nav.getByRole('link', { name: 'Curve' }).click();
  await expect(page.locator('#curve')).toBeInViewport();
  // A link straight to a section lands there, though that part of the page loads after the readouts.
  for (const anchor of ['#curve', '#myths', '#distribution', '#diagnose', '#scenes', '#trace']) {
    const { page: p } = await lab({ width: 1280, height: 800, query: `workload=report${anchor}` });
    await expect.poll(() => p.locator(anchor).evaluate((el) => Math.round(el.getBoundingClientRect().top)), { timeout: 120_000 }).toBeLessThan(120);
    await expect.poll(() => p.locator(anchor).evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeGreaterThanOrEqual(0);
  }
});

test('a try-it question in progress does not push the timeline down', async ({ lab }) => {
  for (const width of [1280, 390]) {
    // Start from the scenario the question sets up (another seed, so the set-up still runs), so only the question itself could move the timeline.
    const { page } = await lab({ width, height: width > 1000 ? 800 : 844, query: 'workload=report&load=idle&seed=43' });
    const before = await box(page, '[data-testid="timeline-section"]');
    await openQuestion(page, 2);
    await predict(page, /A short wait for the first words/);
    await ready(page);
    const after = await box(page, '[data-testid="timeline-section"]');
    expect(Math.abs(after.top - before.top), `timeline top ${before.top} → ${after.top}`).toBeLessThan(4);
    // The step's controls are docked at the bottom of the window, with the lab in view above them.
    const dock = await page.locator('[data-testid="try-it-dock"]').boundingBox();
    expect(dock!.y + dock!.height).toBeLessThanOrEqual(width > 1000 ? 800 : 844);
    await expect(page.locator('[data-metric="ttft"]')).toBeInViewport();
    await page.screenshot({ path: shotPath(`layout-dock-${width}-light.png`) });
  }
});

test('the timeline is one tab stop, with arrow keys inside it', async ({ lab }) => {
  const { page } = await lab({ query: 'workload=chat' });
  const parts = page.locator('[data-testid="timeline"] [data-region-index]');
  expect(await parts.count(), 'the timeline has many parts').toBeGreaterThan(10);
  expect(await page.locator('[data-testid="timeline"] [tabindex="0"]').count(), 'one of them in the tab order').toBe(1);
  await page.locator('[data-testid="timeline"] [tabindex="0"]').focus();
  const label = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
  const first = await label();
  expect(first).toMatch(/^Network in/);
  await page.keyboard.press('ArrowRight');
  const second = await label();
  expect(second).not.toBe(first);
  await expect(page.locator('[data-testid="timeline-readout"]')).toHaveText(second);
  await page.keyboard.press('End');
  expect(await label()).toMatch(/^Token|arrive/i);
  await page.keyboard.press('Home');
  expect(await label()).toBe(first);
  // Tab leaves the timeline at once: the next stop is outside it.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="timeline"]'))).toBe(false);
});
