// Screenshots of "Which clock is broken" and a lever scene in each phase, at
// 390 and 1280 px, light and dark, saved in test-results/ for a person to
// look at (levers.spec.ts checks the behaviour).
import type { Locator, Page } from '@playwright/test';
import { expect, shotPath, test } from './fixtures';
import { nextResult, resultId } from './helpers';

const SIZES = [
  { width: 1280, colorScheme: 'light' },
  { width: 1280, colorScheme: 'dark' },
  { width: 390, colorScheme: 'light' },
  { width: 390, colorScheme: 'dark' },
] as const;

async function clickAndWait(page: Page, locator: Locator) {
  const before = await resultId(page);
  await locator.click();
  await nextResult(page, before);
}

/** Waits for the smooth scroll to the lab to settle, so the shot shows what the student sees. */
async function settled(page: Page) {
  await expect.poll(() => page.evaluate(() => Math.round(document.getElementById('lab')!.getBoundingClientRect().top))).toBeGreaterThanOrEqual(0);
}

for (const s of SIZES) {
  const tag = `${s.width}-${s.colorScheme}`;

  test(`screenshots of the broken-clock panel, ${tag} @screenshots`, async ({ lab }) => {
    const { page } = await lab({ width: s.width, height: 844, colorScheme: s.colorScheme, query: 'workload=chat&users=64' });
    const panel = page.locator('[data-testid="diagnose"]');
    await expect(panel).toHaveAttribute('data-state', 'miss');
    await panel.screenshot({ path: shotPath(`diagnose-panel-${tag}.png`) });
    await clickAndWait(page, panel.getByRole('button', { name: /^Try it: Double the replicas/ }));
    await settled(page);
    await page.screenshot({ path: shotPath(`diagnose-tried-lab-${tag}.png`) });
    await expect(panel.locator('[data-testid="lever-change"]')).toHaveAttribute('data-direction', /.+/);
    await panel.screenshot({ path: shotPath(`diagnose-panel-tried-${tag}.png`) });
  });

  test(`screenshots of a lever scene in each phase, ${tag} @screenshots`, async ({ lab }) => {
    const { page } = await lab({ width: s.width, height: 844, colorScheme: s.colorScheme, query: 'scene=1' });
    const scenes = page.locator('[data-testid="lever-scenes"]');
    const view = scenes.locator('[data-scene="1"]');
    await expect(view).toHaveAttribute('data-phase', 'predict');
    await scenes.screenshot({ path: shotPath(`scene-predict-${tag}.png`) });
    await view.getByRole('radio', { name: /TTFT falls a lot/ }).check();
    await clickAndWait(page, view.locator('[data-testid="commit"]'));
    await settled(page);
    await page.screenshot({ path: shotPath(`scene-setup-${tag}.png`) });
    await clickAndWait(page, page.locator('[data-testid="scene-next"]'));
    await settled(page);
    await page.screenshot({ path: shotPath(`scene-observe-${tag}.png`) });
    await scenes.locator('[data-testid="scene-table"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath(`scene-observe-table-${tag}.png`) });
    await page.locator('[data-testid="scene-looked"]').click();
    await scenes.locator('[data-testid="scene-explanation"]').waitFor();
    await scenes.screenshot({ path: shotPath(`scene-explain-${tag}.png`) });
  });
}
