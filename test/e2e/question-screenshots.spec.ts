// Screenshots of the lesson panels at 390 and 1280 px (light and dark), saved
// in test-results/ for a person to look at.
import { shotPath, test } from './fixtures';
import { streamClockAtLeast } from './helpers';
import { applyAndWait, dock, looked, predict } from './question-helpers';

const SIZES = [
  { width: 1280, colorScheme: 'light' },
  { width: 390, colorScheme: 'dark' },
  { width: 390, colorScheme: 'light' },
] as const;

const shot0 = (page: import('@playwright/test').Page, name: string) => page.screenshot({ path: shotPath(name) });

test('screenshots of the try-it panel, streaming, myths and quiz @screenshots', async ({ lab }) => {
  for (const s of SIZES) {
    const tag = `${s.width}-${s.colorScheme}`;
    const { page } = await lab({ width: s.width, colorScheme: s.colorScheme, query: 'question=1&workload=report' });
    await page.locator('[data-question="1"] [data-testid="prediction-form"]').waitFor();
    await shot0(page, `lesson-question-link-${tag}.png`);
    await predict(page, /TTFT: the whole document/);
    await page.screenshot({ path: shotPath(`lesson-dock-${tag}.png`) });
    await applyAndWait(page, dock(page).locator('[data-testid="next-step"]'));
    await looked(page);
    await page.waitForSelector('main#results[data-sweep="done"]', { timeout: 120_000 });
    const shot = (sel: string, name: string) => page.locator(sel).screenshot({ path: shotPath(`lesson-${name}-${tag}.png`) });
    await shot('[data-testid="try-it"]', 'tryit');
    await page.screenshot({ path: shotPath(`lesson-page-top-${tag}.png`) });
    await page.locator('[data-testid="myths"]').getByRole('button', { name: /Show me: Report the average/ }).click();
    await page.waitForSelector('main#results[data-state="ready"]');
    await shot('[data-testid="myths"]', 'myths');
    await page.locator('[data-testid="quiz"] select').first().selectOption({ index: 4 });
    await shot('[data-testid="quiz"]', 'quiz');

    const report = await lab({ width: s.width, colorScheme: s.colorScheme, query: 'workload=report' });
    const p = report.page;
    const stream = p.locator('[data-testid="streaming"]');
    await stream.getByText('10×', { exact: true }).click();
    await stream.getByText('3 tokens', { exact: true }).click();
    await stream.getByRole('button', { name: 'Play', exact: true }).click();
    await streamClockAtLeast(p, 25_000);
    await stream.getByRole('button', { name: 'Pause' }).click();
    await stream.screenshot({ path: shotPath(`lesson-streaming-${tag}.png`) });
  }
});

test('screenshots of the embedded views @screenshots', async ({ lab }) => {
  for (const view of ['timeline', 'curve', 'cards', 'lab']) {
    for (const width of [390, 1280]) {
      const { page } = await lab({ width, height: 800, query: `embed=${view}&workload=report` });
      if (view !== 'timeline') await page.waitForSelector('main#results[data-sweep="done"]', { timeout: 120_000 });
      await page.screenshot({ path: shotPath(`embed-${view}-${width}.png`), fullPage: view !== 'lab' || width > 400 });
    }
  }
});
