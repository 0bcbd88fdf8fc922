// The share panel: one "Share" control gives the scenario's link, the link to
// the question and scene on screen, and the <iframe> code of each embed view
// at a chosen size and theme, each copyable, with a live preview.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeClean } from './helpers';

const VIEWS = ['timeline', 'curve', 'cards', 'lab'] as const;

async function openShare(page: Page) {
  const button = page.getByRole('button', { name: 'Share', exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Share this lab' });
  await expect(panel).toBeVisible();
  return panel;
}

/**
 * The snippet parsed by the browser's own HTML parser: exactly one iframe,
 * with its attributes. Parsed in a blank page (as a course page would), not
 * in the lab, whose Content-Security-Policy reports the snippet's style attribute.
 */
async function parseSnippet(page: Page, code: string) {
  return page.evaluate((html) => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const frames = doc.querySelectorAll('iframe');
    const f = frames[0];
    return { count: frames.length, src: f?.getAttribute('src') ?? '', width: f?.getAttribute('width') ?? '', height: f?.getAttribute('height') ?? '', title: f?.getAttribute('title') ?? '', others: doc.body.children.length };
  }, code);
}

test('the share panel: links and embed code for each view, each snippet one iframe that loads its view at its size with no scrollbars', async ({ lab, browser, baseURL }) => {
  // Eight frames load one after another (four views at two sizes).
  test.setTimeout(240_000);
  const { page } = await lab({ query: 'workload=report&load=busy&question=2', permissions: ['clipboard-read', 'clipboard-write'] });
  const blank = await browser.newPage();
  const panel = await openShare(page);
  // Focus moves into the dialog; Escape closes it and focus returns to Share.
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
  const base = new URL('./', baseURL!).href;
  await expect(panel.locator('#share-scenario')).toHaveValue(page.url());
  await expect(panel.locator('#share-question')).toHaveValue(`${base}?question=2`);
  await expect(panel.getByText('Link to question 2, “The 45-second report”, at its prediction', { exact: true })).toBeVisible();
  // Copy: the clipboard gets the link, and a status line says so.
  await panel.getByRole('button', { name: 'Copy link to question 2', exact: false }).click();
  await expect(panel.getByTestId('share-question-status')).toHaveText('Copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${base}?question=2`);

  const sizes = [{ radio: '800 × 500', w: 800, h: 500 }, { radio: '400 × 600 (a narrow column)', w: 400, h: 600 }];
  for (const size of sizes) {
    await panel.getByRole('radio', { name: size.radio }).check();
    for (const view of VIEWS) {
      const code = await panel.locator(`#share-embed-${view}`).inputValue();
      const parsed = await parseSnippet(blank, code);
      expect(parsed, code).toMatchObject({ count: 1, others: 1, width: String(size.w), height: String(size.h) });
      expect(parsed.title.startsWith('Latency Lab')).toBe(true);
      const src = new URL(parsed.src);
      expect(src.origin + src.pathname).toBe(base);
      expect(src.searchParams.get('embed')).toBe(view);
      expect(src.searchParams.get('workload')).toBe('report');
      expect(src.searchParams.get('load')).toBe('busy');
      // Pasted into a page of its own, the frame loads the view at its size, with nothing to scroll.
      const host = await browser.newPage({ viewport: { width: 1000, height: 800 } });
      await host.setContent(`<!doctype html><body style="margin:0">${code}</body>`);
      const frame = host.frameLocator('iframe');
      await frame.locator(`[data-embed="${view}"]`).waitFor({ timeout: 30_000 });
      await frame.locator('main#results[data-state="ready"]').waitFor({ timeout: 30_000 });
      const box = await host.locator('iframe').boundingBox();
      expect(box).toMatchObject({ width: size.w, height: size.h });
      const child = host.frames()[1];
      const scroll = await child.evaluate(() => ({ sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth, sh: document.documentElement.scrollHeight, ch: document.documentElement.clientHeight }));
      expect(scroll.sw, `${view} at ${size.w}×${size.h}: no horizontal scrollbar`).toBeLessThanOrEqual(scroll.cw);
      expect(scroll.sh, `${view} at ${size.w}×${size.h}: no vertical scrollbar`).toBeLessThanOrEqual(scroll.ch);
      await host.close();
    }
  }

});

test('the share panel: theme, a typed size checked, a live preview, keyboard and axe', async ({ lab, browser }) => {
  // The preview is a second lab running beside the first.
  test.setTimeout(150_000);
  const { page } = await lab({ query: 'workload=report&load=busy' });
  const blank = await browser.newPage();
  const panel = await openShare(page);
  await axeClean(page);
  // The theme goes into the code; a typed size is checked.
  await panel.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await expect(panel.locator('#share-embed-cards')).toHaveValue(/theme=dark/);
  await panel.getByRole('radio', { name: 'Another size' }).check();
  await panel.getByRole('textbox', { name: 'Width' }).fill('99999');
  await expect(panel.getByTestId('share-size-msg')).toHaveText(/A width of 99,999 px is outside what the views can fill; type one from 300 to 1,920\./);
  await expect(panel.locator('#share-embed-lab')).toHaveValue('Fix the frame size above to get the code.');
  await panel.getByRole('textbox', { name: 'Width' }).fill('abc');
  await expect(panel.getByTestId('share-size-msg')).toHaveText(/not a whole number of pixels/);
  await panel.getByRole('textbox', { name: 'Width' }).fill('640');
  await panel.getByRole('textbox', { name: 'Height' }).fill('480');
  expect(await parseSnippet(blank, await panel.locator('#share-embed-lab').inputValue())).toMatchObject({ count: 1, width: '640', height: '480' });

  // The live preview: the chosen view, at the chosen size inside (scaled to fit the panel).
  await panel.getByRole('button', { name: /^Preview the lab/ }).click();
  const preview = panel.getByTestId('share-preview-frame');
  await expect(preview).toHaveAttribute('width', '640');
  await expect(preview).toHaveAttribute('height', '480');
  await expect(preview).toHaveAttribute('src', /embed=lab.*theme=dark/);
  await page.frameLocator('[data-testid="share-preview-frame"]').locator('[data-embed="lab"]').waitFor({ timeout: 30_000 });

  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('share-button');
  await blank.close();
});

test('without the Clipboard API the Copy button selects the text and says how to copy it', async ({ lab }) => {
  const { page } = await lab({ query: 'workload=chat' });
  // A browser that refuses both ways to copy (an insecure context, a locked-down policy).
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    document.execCommand = () => false;
  });
  const panel = await openShare(page);
  await panel.getByRole('button', { name: 'Copy link to this scenario' }).click();
  await expect(panel.getByTestId('share-scenario-status')).toHaveText(/the text is selected, press Ctrl\+C/);
  const selected = await page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement;
    return { id: el.id, selected: el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0), value: el.value };
  });
  expect(selected.id).toBe('share-scenario');
  expect(selected.selected).toBe(selected.value);
  expect(selected.value).toBe(page.url());
});
