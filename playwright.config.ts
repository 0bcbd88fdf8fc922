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
  // Two workers on a 2-core machine. One worker leaves a core idle a fifth of the time (Playwright's
  // round trips, the page waiting on its worker): the whole suite took 12.3 min with two against
  // 15.3 min with one, the same 128 specs, all passing. Single tests run slower side by side, which
  // no check depends on: every spec waits for a state, never for a time. Override with --workers.
  workers: 2,
  // Tests, not files, are shared out, so a long file (plan.spec.ts) does not leave one worker
  // finishing alone. No spec keeps state between its tests: each opens its own pages.
  fullyParallel: true,
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
