// Helpers the specs share: waiting for runs, reading readouts, axe.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** Waits until the shown results belong to the newest settings. */
export async function ready(page: Page, state = 'ready') {
  await page.waitForSelector(`main#results[data-state="${state}"]`, { timeout: 120_000 });
}

/** The id of the run on screen. */
export async function resultId(page: Page): Promise<number> {
  return Number(await page.locator('main#results').getAttribute('data-result-id'));
}

/** Waits for results newer than `afterId`, then for them to be current. */
export async function nextResult(page: Page, afterId: number) {
  await page.waitForFunction((id) => Number(document.querySelector<HTMLElement>('main#results')?.dataset.resultId ?? 0) > id, afterId, { timeout: 120_000 });
  await ready(page);
}

/** Runs `action`, then waits for the run it causes. */
export async function act(page: Page, action: () => Promise<unknown>) {
  const id = await resultId(page);
  await action();
  await nextResult(page, id);
}

/** Text of a readout by its `data-metric`. */
export async function readout(page: Page, metric: string): Promise<string> {
  return (await page.locator(`[data-metric="${metric}"]`).textContent())?.trim() ?? '';
}

/** A readout as a number in its base unit: ms for durations, tok/s, req/s, tokens. */
export async function readNumber(page: Page, metric: string): Promise<number> {
  const text = await readout(page, metric);
  const m = /^(-?[\d,]*\.?\d+)\s*(ms|s|tok\/s|req\/s|tokens)$/.exec(text);
  expect(m, `readout ${metric} has no number with a unit: "${text}"`).not.toBeNull();
  const n = Number(m![1].replace(/,/g, ''));
  expect(Number.isFinite(n), `readout ${metric} is not finite: "${text}"`).toBe(true);
  return m![2] === 's' ? n * 1000 : n;
}

/** The readouts of the public contract (README "Readouts"). */
export const METRICS = ['ttft', 'tpot', 'e2e', 'output-tokens', 'system-throughput', 'user-throughput', 'goodput', 'verdict'];

/** Waits until the page's URL matches `re` (the lab coalesces URL writes while a control moves). */
export async function urlMatches(page: Page, re: RegExp) {
  await page.waitForFunction(([source, flags]) => new RegExp(source, flags).test(location.href), [re.source, re.flags], { timeout: 30_000 });
}

/**
 * Off-screen chart cards use `content-visibility: auto` (the browser skips
 * drawing them until they scroll near the viewport). A full-page screenshot
 * would show them blank, so draw everything first.
 */
export async function renderEverything(page: Page) {
  // A constructed sheet (CSSOM), not a <style> tag: the built page's Content-Security-Policy refuses inline style elements.
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('[data-testid$="-section"] { content-visibility: visible !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  await frames(page, 2);
}

/**
 * Waits for `n` animation frames of the page: for checks that something does
 * *not* happen (a paused clock stays put, a refused value starts no run),
 * where there is no state to wait for. Counted in frames, not milliseconds,
 * because the page only changes from one frame to the next.
 */
export async function frames(page: Page, n: number) {
  await page.evaluate((count) => new Promise<void>((resolve) => {
    let left = count;
    const tick = () => (--left <= 0 ? resolve() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  }), n);
}

/** Waits until the streaming panel's playback clock has reached `ms` of simulated time. */
export async function streamClockAtLeast(page: Page, ms: number) {
  await page.waitForFunction((at) => Number(document.querySelector<HTMLElement>('[data-testid="stream-clock"]')?.dataset.atMs ?? 0) >= at, ms, { timeout: 30_000 });
}

/**
 * Runs axe-core on the page and fails on any serious or critical violation.
 * Returns every violation (the caller may look at the minor ones).
 */
export async function axeClean(page: Page) {
  // Legacy mode runs axe.run() in the page, which reaches the lab's frames (all same-origin: the share
  // panel's preview, embeds) through axe's own messaging. The default instead serialises every frame's
  // partial results and finishes them in a new blank page: the same violations (measured on a planted
  // nameless button inside an embed frame), at 7-10 s a call here against 2.5-3.5 s.
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`.replace(/\s+/g, ' ')) }));
  expect(serious, JSON.stringify(serious, null, 1)).toEqual([]);
  return violations;
}

/**
 * Below 64rem the settings are in a drawer the nav's Settings button opens
 * (phone.spec.ts checks it): opens it when there is one, so a spec can use
 * the controls at any width. Returns whether it opened one (close it with Escape).
 */
export async function openSettings(page: Page): Promise<boolean> {
  const button = page.getByTestId('settings-open');
  if ((await button.count()) === 0) return false;
  await button.click();
  await page.getByRole('dialog', { name: 'Settings' }).waitFor();
  return true;
}

/**
 * Runs in the page before its own scripts: records the first question and the first
 * scene panel ever put in the document (their `data-question` / `data-scene`), and
 * every distinct one seen, in order.
 */
export function recordFirstPanels() {
  const w = window as unknown as { __panels: { question: string[]; scene: string[] } };
  w.__panels = { question: [], scene: [] };
  const note = () => {
    for (const [kind, attr] of [['question', 'data-question'], ['scene', 'data-scene']] as const) {
      for (const el of document.querySelectorAll(`[${attr}]`)) {
        const seen = w.__panels[kind];
        const id = el.getAttribute(attr) ?? '';
        if (seen[seen.length - 1] !== id) seen.push(id);
      }
    }
  };
  new MutationObserver(note).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-question', 'data-scene'] });
}

/** What `recordFirstPanels` saw: the question and scene panels rendered, in order. */
export const firstPanels = (page: Page) => page.evaluate(() => (window as unknown as { __panels: { question: string[]; scene: string[] } }).__panels);

/**
 * Pixels of a native select's chosen text that its box cannot show (0 when it
 * all shows): the text measured in the select's own font against its inner
 * width, less room for the drop-down arrow. A select's scroll width does not
 * grow with a clipped choice, so it cannot tell this.
 */
export async function clippedSelectPx(select: Locator): Promise<number> {
  return select.evaluate((e: HTMLSelectElement) => {
    const ARROW_PX = 24;
    const style = getComputedStyle(e);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = style.font;
    const textPx = ctx.measureText(e.options[e.selectedIndex]?.text ?? '').width;
    const innerPx = e.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - ARROW_PX;
    return Math.max(0, Math.ceil(textPx - innerPx));
  });
}

/** Presses Tab until `target` has focus (at most `max` times): it is reachable from the keyboard, in order. */
export async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 25) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reachable with Tab within ${max} presses`).toBeFocused();
}
