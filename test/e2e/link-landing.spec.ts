// A link to a lever scene lands on it: the first scene panel the
// page ever renders is the one the link names, never scene 1 first,
// and it comes into view at its prediction step. The time it takes is measured by
// scripts/measure-ui.mjs, not asserted here.
import { expect, test } from './fixtures';
import { firstPanels, recordFirstPanels } from './helpers';

// The question links are checked the same way in question.spec.ts, with the rest of what a question link must do.
for (const [kind, count] of [['scene', 3]] as const) {
  for (let n = 1; n <= count; n++) {
    test(`?${kind}=${n} renders ${kind} ${n} first, at its prediction, in view`, async ({ lab }) => {
      const { page } = await lab({ query: `${kind}=${n}`, width: 1280, height: 800, init: recordFirstPanels });
      const view = page.locator(`[data-${kind}="${n}"]`);
      await expect(view).toHaveAttribute('data-phase', 'predict');
      await expect(view.locator(`[data-testid="${kind}-heading"]`)).toBeInViewport();
      const seen = await firstPanels(page);
      expect(seen[kind], `the ${kind} panels rendered, in order, for ?${kind}=${n}`).toEqual([String(n)]);
    });
  }
}
