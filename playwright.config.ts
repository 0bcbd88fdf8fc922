// End-to-end tests of the built lab (`npm run build` first) in Debian's headless
// Chromium: `npx playwright test [filter]`. Never `npx playwright install`: the
// tests drive the system browser at CHROMIUM_PATH (default /usr/bin/chromium).
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

/** Where the built lab is served; several worktrees run at once with different E2E_PORTs. */
const port = Number(process.env.E2E_PORT ?? 4180);
if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`E2E_PORT must be a port number, got "${process.env.E2E_PORT}"`);
if (!existsSync(new URL('./dist/index.html', import.meta.url))) throw new Error('dist/index.html is missing: run `npm run build` first.');
if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium, or set CHROMIUM_PATH.`);

export default defineConfig({
  testDir: 'test/e2e',
  // Playwright empties its outputDir when a run starts. The specs save screenshots to look at in
  // test-results/ itself, so Playwright's own artefacts (failure screenshots) live one level down.
  outputDir: 'test-results/playwright',
  // One worker: the machine has 2 cores, shared by the browser, the lab's simulation worker and
  // the preview server. Measured here: 2 workers took as long overall (3.2 min either way) and
  // made single tests 2-3x slower, closer to their timeouts and to the timing-based checks
  // (streaming playback). CI has the same 2 cores. Override with --workers when you have more.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  // Guards against a hang, never a speed test: generous enough for a 2-core machine whose cores are
  // both busy with something else (scripts/test-under-load.sh). The screenshot tests open many pages.
  timeout: 600_000,
  expect: { timeout: 60_000 },
  use: {
    browserName: 'chromium',
    baseURL: `http://127.0.0.1:${port}/`,
    headless: true,
    // A fresh temporary profile per browser is Playwright's own default.
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    screenshot: { mode: 'only-on-failure', fullPage: true },
    trace: 'off',
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
