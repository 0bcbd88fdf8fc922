// A link to a question or a lever scene lands on it: the first question (or scene)
// panel the page ever renders is the one the link names, never question 1 first,
// and it comes into view at its prediction step. The time it takes is measured by
// scripts/measure-ui.mjs, not asserted here.
import { expect, test } from './fixtures';

/**
 * Runs in the page before its own scripts: records the first question and the first
 * scene panel ever put in the document (their `data-question` / `data-scene`), and
 * every distinct one seen, in order.
 */
function recordFirstPanels() {
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

const panels = (page: import('@playwright/test').Page) => page.evaluate(() => (window as unknown as { __panels: { question: string[]; scene: string[] } }).__panels);

for (const [kind, count] of [['question', 5], ['scene', 3]] as const) {
  for (let n = 1; n <= count; n++) {
    test(`?${kind}=${n} renders ${kind} ${n} first, at its prediction, in view`, async ({ lab }) => {
      const { page } = await lab({ query: `${kind}=${n}`, width: 1280, height: 800, init: recordFirstPanels });
      const view = page.locator(`[data-${kind}="${n}"]`);
      await expect(view).toHaveAttribute('data-phase', 'predict');
      await expect(view.locator(`[data-testid="${kind}-heading"]`)).toBeInViewport();
      const seen = await panels(page);
      expect(seen[kind], `the ${kind} panels rendered, in order, for ?${kind}=${n}`).toEqual([String(n)]);
    });
  }
}
