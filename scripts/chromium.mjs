// The one place that says how the tests and measurements launch Chromium:
// Debian's browser (never `npx playwright install`), headless, with no
// background traffic. playwright.config.ts and scripts/measure-ui.mjs read it.
/* global process */

/** The system Chromium: CHROMIUM_PATH, or Debian's /usr/bin/chromium. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launch flags: no sandbox (root in CI), no GPU, and no request of the browser's own (updates, sync, QUIC). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
