// The `lab` fixture: opens the built lab in a fresh browser context that records
// console errors, page errors and every request leaving 127.0.0.1 (those are
// blocked), and fails the test on any of them once its body has run.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { ready } from './helpers';

export { expect };

/** The repository root (for fixtures under test/ and screenshots under test-results/). */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Where a screenshot to look at is saved: test-results/NAME (Playwright's own outputDir is a subfolder it empties). */
export const shotPath = (name: string) => join(ROOT, 'test-results', name);

export interface LabOptions {
  /** Deep-link query, with or without its leading `?`. */
  query?: string;
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  reducedMotion?: 'reduce' | 'no-preference';
  /** Browser permissions granted to the lab's origin, e.g. clipboard-read. */
  permissions?: string[];
  /** The `main#results[data-state]` to wait for after loading: `ready`, or `error` for settings that cannot run. */
  state?: string;
  /** A script run in the page before any of its own (`page.addInitScript`), e.g. an observer that records what renders first. */
  init?: () => void;
}

export interface Lab {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors, in order. */
  errors: string[];
  /** Requests that tried to leave 127.0.0.1 (blocked). */
  outside: string[];
  /** Every request the page made, by URL. */
  requests: string[];
  /** Fails now on any console error or request that left 127.0.0.1 (the fixture checks again after the test). */
  assertClean(): void;
}

export type OpenLab = (options?: LabOptions) => Promise<Lab>;

const leaves = (url: URL) => url.protocol !== 'data:' && url.protocol !== 'blob:' && url.hostname !== '127.0.0.1';

function problems(lab: Lab): string[] {
  const found: string[] = [];
  if (lab.errors.length) found.push(`console errors: ${lab.errors.join(' | ')}`);
  if (lab.outside.length) found.push(`requests left 127.0.0.1: ${lab.outside.join(', ')}`);
  return found;
}

export const test = base.extend<{ lab: OpenLab }>({
  lab: async ({ browser, baseURL }, use) => {
    if (!baseURL) throw new Error('the lab fixture needs use.baseURL (playwright.config.ts sets it)');
    const opened: Lab[] = [];
    const open: OpenLab = async ({ query = '', width = 1280, height = 900, colorScheme = 'light', reducedMotion = 'no-preference', permissions = [], state = 'ready', init } = {}) => {
      const context = await browser.newContext({ viewport: { width, height }, colorScheme, reducedMotion, baseURL });
      if (permissions.length) await context.grantPermissions(permissions, { origin: baseURL });
      const errors: string[] = [];
      const outside: string[] = [];
      const requests: string[] = [];
      await context.route('**/*', (route) => {
        const url = new URL(route.request().url());
        requests.push(url.href);
        if (!leaves(url)) return route.continue();
        outside.push(url.href);
        return route.abort();
      });
      const page = await context.newPage();
      if (init) await page.addInitScript(init);
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      // Requests the route does not see (a service worker's, say) still count.
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (leaves(url) && !outside.includes(url.href)) outside.push(url.href);
      });
      const lab: Lab = {
        page,
        context,
        errors,
        outside,
        requests,
        assertClean() {
          expect(problems(lab), 'the page stayed clean').toEqual([]);
        },
      };
      opened.push(lab);
      await page.goto(query.startsWith('?') || query === '' ? query || '/' : `?${query}`);
      try {
        await ready(page, state);
      } catch (e) {
        const shown = await page.locator('main#results').getAttribute('data-state', { timeout: 1_000 }).catch(() => 'no main');
        throw new Error(`lab did not reach "${state}" (data-state=${shown}; console errors: ${errors.join(' | ') || 'none'}): ${(e as Error).message}`);
      }
      return lab;
    };
    await use(open);
    const found = opened.flatMap(problems);
    for (const l of opened) await l.context.close().catch(() => {});
    expect(found, 'no console error, page error or request leaving 127.0.0.1 during the test').toEqual([]);
  },
});
