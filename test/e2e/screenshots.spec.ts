import { shotPath, test } from './fixtures';
import { renderEverything } from './helpers';

const SHOTS = [
  { name: 'lab-1280-light', width: 1280, colorScheme: 'light', query: '' },
  { name: 'lab-1280-dark-report-busy', width: 1280, colorScheme: 'dark', query: 'workload=report&load=busy' },
  { name: 'lab-390-light-summarize', width: 390, colorScheme: 'light', query: 'workload=summarize' },
  { name: 'lab-390-dark', width: 390, colorScheme: 'dark', query: 'load=busy&users=lots' },
  { name: 'lab-1280-light-hardware-autocomplete', width: 1280, colorScheme: 'light', query: 'server=hardware&workload=autocomplete&load=busy' },
] as const;

test('screenshots at 390 and 1280 px, light and dark @screenshots', async ({ lab }) => {
  for (const s of SHOTS) {
    const { page } = await lab({ query: s.query, width: s.width, colorScheme: s.colorScheme });
    await page.waitForSelector('main#results[data-sweep="done"]', { timeout: 120_000 });
    await page.screenshot({ path: shotPath(`${s.name}-top.png`) });
    await renderEverything(page);
    await page.screenshot({ path: shotPath(`${s.name}.png`), fullPage: true });
    if (s.width < 600) {
      // Phone pages are long: also save them in screen-sized parts to look at.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0, i = 1; y < height; y += 1200, i++) {
        await page.screenshot({ path: shotPath(`${s.name}-part${i}.png`), fullPage: true, clip: { x: 0, y, width: s.width, height: Math.min(1200, height - y) } });
      }
    }
  }
});
