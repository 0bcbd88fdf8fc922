// The phone stage (issue 18): at 390×844 and 360×740 the first screen, without
// scrolling, holds the verdict, the drawn request's whole lane with its TTFT
// and E2E brackets, the TTFT and TPOT readouts and the button that opens the
// settings; the settings are a drawer (a labelled modal dialog: focus in, Tab
// kept inside, Escape, focus back); the section nav says when it scrolls.
import type { Page } from '@playwright/test';
import { expect, shotPath, test } from './fixtures';
import { act, axeClean, readNumber } from './helpers';

/** Each size in both schemes, with a verdict that is met and one that misses (the longest headlines). */
const PHONES = [
  { width: 390, height: 844, runs: [['', 'light'], ['workload=report&load=busy', 'dark']] },
  { width: 360, height: 740, runs: [['', 'dark'], ['workload=summarize&load=busy', 'light']] },
] as const;

/** What must be in the first screen, by selector. */
const FIRST_SCREEN = {
  verdict: '[data-testid="verdict"]',
  'the drawn request’s lane': '[data-testid="timeline"] [data-lane="overview"]',
  'TTFT bracket': '[data-testid="ttft-bracket"]',
  'E2E bracket': '[data-testid="e2e-bracket"]',
  'TTFT readout': '[data-metric="ttft"]',
  'TPOT readout': '[data-metric="tpot"]',
  'Settings button': '[data-testid="settings-open"]',
};

/** Asserts every part lies inside the viewport (with the page at its top) and the page has no sideways scroll. */
async function firstScreenHoldsEverything(page: Page, width: number, height: number, what: string) {
  expect(await page.evaluate(() => scrollY), `${what}: the page is at its top`).toBe(0);
  for (const [name, sel] of Object.entries(FIRST_SCREEN)) {
    const loc = page.locator(sel);
    await expect(loc, `${what}: one ${name}`).toHaveCount(1);
    await expect(loc, `${what}: ${name} is shown`).toBeVisible();
    const b = (await loc.boundingBox())!;
    expect(b.y, `${what}: ${name} starts at ${b.y} px`).toBeGreaterThanOrEqual(0);
    expect(b.y + b.height, `${what}: ${name} ends at ${Math.round(b.y + b.height)} px, within ${height}`).toBeLessThanOrEqual(height);
    expect(b.x, `${what}: ${name} starts at x ${b.x}`).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width, `${what}: ${name} ends at x ${Math.round(b.x + b.width)}, within ${width}`).toBeLessThanOrEqual(width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what}: nothing is wider than the screen`).toBeLessThanOrEqual(width);
  // The readouts carry their units (and so does the card below, in plain text).
  for (const metric of ['ttft', 'tpot']) expect(await readNumber(page, metric), `${what}: ${metric}`).toBeGreaterThan(0);
}

test('390×844 and 360×740, light and dark: verdict, the whole lane with its brackets, TTFT and TPOT in the first screen', async ({ lab }) => {
  for (const { width, height, runs } of PHONES) {
    for (const [query, colorScheme] of runs) {
      const { page } = await lab({ width, height, colorScheme, query });
      const what = `${width}×${height} ${colorScheme} ${query || 'chat idle'}`;
      await firstScreenHoldsEverything(page, width, height, what);
      // The settings are not part of the page's length on a phone: they wait in the closed drawer.
      await expect(page.locator('#settings')).toBeHidden();
      await page.screenshot({ path: shotPath(`phone-first-${width}-${colorScheme}${query ? `-${query.replace(/[=&]/g, '-')}` : ''}.png`) });
    }
  }
});

test('390 px: the settings drawer opens from the nav, keeps focus inside, closes with Escape and gives focus back; axe clean', async ({ lab }) => {
  const { page } = await lab({ width: 390, height: 844 });
  const open = page.getByRole('button', { name: 'Settings' });
  await expect(open).toHaveAttribute('aria-haspopup', 'dialog');
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  const drawer = page.getByRole('dialog', { name: 'Settings' });
  await expect(drawer).toBeHidden();

  // Keyboard: focus the button, Enter opens, focus moves in.
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  expect(await drawer.evaluate((d: HTMLDialogElement) => d.matches(':modal')), 'a modal dialog').toBe(true);
  await expect(drawer.getByRole('button', { name: 'Close' })).toBeFocused();
  // Tab stays inside the drawer (the page behind is inert).
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog[open]')), `Tab ${i + 1} stays in the drawer`).toBe(true);
  }
  // The same controls as the settings column: a change runs, and the drawer's line shows the new clocks.
  const before = await readNumber(page, 'ttft');
  const users = drawer.getByRole('textbox', { name: 'Users', exact: true });
  await act(page, async () => {
    await users.fill('64');
    await users.press('Enter');
  });
  const after = await readNumber(page, 'ttft');
  expect(after, 'TTFT grows with 64 users').toBeGreaterThan(before);
  await expect(drawer.getByTestId('drawer-readouts')).toContainText(await page.locator('[data-metric="ttft"]').innerText());
  await axeClean(page);
  await page.screenshot({ path: shotPath('phone-drawer-390-light.png') });

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(open).toBeFocused();
  await expect(open).toHaveAttribute('aria-expanded', 'false');

  // The Close button closes it too, and focus comes back.
  await open.click();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  await expect(open).toBeFocused();
});

test('360 px, dark: a link to the settings opens the drawer; the section nav says that it scrolls, and scrolls with its arrows', async ({ lab }) => {
  const { page } = await lab({ width: 360, height: 740, colorScheme: 'dark', query: 'workload=report#settings' });
  const drawer = page.getByRole('dialog', { name: 'Settings' });
  await expect(drawer).toBeVisible();
  await expect(drawer.locator('#settings')).toBeVisible();
  // Its title and Close button stay in view (only the controls scroll).
  await expect(drawer.getByRole('button', { name: 'Close' })).toBeInViewport({ ratio: 1 });
  await expect(drawer.getByRole('heading', { name: 'Settings' })).toBeInViewport({ ratio: 1 });
  await axeClean(page);
  await page.screenshot({ path: shotPath('phone-drawer-360-dark.png') });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  // A link inside the page to a setting (as the notices use) opens the drawer at it.
  await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = '#server-picker';
    a.textContent = 'the server settings';
    a.id = 'probe-link';
    document.querySelector('main')!.prepend(a);
  });
  await page.locator('#probe-link').click();
  await expect(drawer).toBeVisible();
  await expect(drawer.locator('#server-picker')).toBeInViewport();

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The section nav: cut links sit under a fade and an arrow.
  const list = page.locator('[data-testid="section-nav"] ul');
  const after = page.getByTestId('nav-more-after');
  const before = page.getByTestId('nav-more-before');
  const state = () => list.evaluate((ul) => ({ left: ul.scrollLeft, max: ul.scrollWidth - ul.clientWidth, mask: getComputedStyle(ul).maskImage }));
  const start = await state();
  expect(start.max, 'the links are wider than the phone').toBeGreaterThan(0);
  // A link cut at the right edge sits under the fade and the arrow.
  await expect(after).toBeVisible();
  await expect(before).toHaveCount(0);
  expect(start.mask).toMatch(/gradient/);
  const box = (await list.boundingBox())!;
  const cut = await list.locator('a').evaluateAll((as, right) => as.filter((a) => {
    const r = a.getBoundingClientRect();
    return r.left < right && r.right > right;
  }).length, box.x + box.width);
  expect(cut, 'at most one link is cut, at the cue').toBeLessThanOrEqual(1);
  const arrow = (await after.boundingBox())!;
  expect(arrow.x + arrow.width).toBeLessThanOrEqual(360);

  // The arrow scrolls on; at the far end the other arrow shows and this one goes.
  // The scroll is smooth: a click's scroll may still be running (and may reach the end, removing
  // the arrow) after it has first moved, so each step waits for the list to come to rest and the
  // arrows to agree with where it rests before it decides whether to click again.
  const settled = () => list.evaluate((ul) => new Promise<{ left: number; max: number }>((resolve) => {
    let last = -1;
    let still = 0;
    const tick = () => {
      const left = ul.scrollLeft;
      const max = ul.scrollWidth - ul.clientWidth;
      const arrowsAgree = (ul.dataset.moreAfter === 'true') === (left < max - 1);
      still = left === last && arrowsAgree ? still + 1 : 0;
      last = left;
      if (still >= 5) resolve({ left, max });
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }));
  await after.click();
  await expect.poll(async () => (await state()).left).toBeGreaterThan(0);
  await expect(before).toBeVisible();
  for (let step = 0; step < 20; step++) {
    const rest = await settled();
    if (rest.left >= rest.max - 1) break;
    await after.click();
    await expect.poll(async () => (await state()).left).toBeGreaterThan(rest.left);
  }
  await settled();
  await expect(after).toHaveCount(0);
  const end = await state();
  expect(end.left).toBeGreaterThanOrEqual(end.max - 1);
  // The keyboard reaches every link: focusing the first scrolls the list back.
  await list.locator('a').first().focus();
  await expect.poll(async () => (await state()).left).toBe(0);
  await expect(after).toBeVisible();
  await page.screenshot({ path: shotPath('phone-nav-360-dark.png'), clip: { x: 0, y: 0, width: 360, height: 260 } });
});
