// Launches Debian's Chromium through playwright-core with a fresh temporary profile.
/* global process */
import { chromium } from 'playwright-core';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser() {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}
