// End-to-end tests of the built lab (run `npm run build` first) in headless Chromium.
// Serves dist/ on 127.0.0.1, runs every exported test of test/e2e/*.spec.mjs in a
// fresh browser context, and fails a test on any console error or any request
// that leaves 127.0.0.1. Usage: node test/e2e/run.mjs [name filter]
/* global process, console, setTimeout */
import { readdir } from 'node:fs/promises';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serveStatic } from './server.mjs';
import { launchBrowser } from './browser.mjs';
import { openLab } from './harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const dist = join(root, 'dist');
const filter = process.argv[2] ?? '';

if (!existsSync(join(dist, 'index.html'))) {
  console.error('dist/index.html is missing: run `npm run build` first.');
  process.exit(1);
}
mkdirSync(join(root, 'test-results'), { recursive: true });

const specs = (await readdir(here)).filter((f) => f.endsWith('.spec.mjs')).sort();
const server = await serveStatic(dist);
const browser = await launchBrowser();
let passed = 0;
let failed = 0;
const started = Date.now();

for (const file of specs) {
  const mod = await import(pathToFileURL(join(here, file)).href);
  for (const [name, fn] of Object.entries(mod.tests ?? {})) {
    const full = `${file.replace('.spec.mjs', '')} › ${name}`;
    if (filter && !full.includes(filter)) continue;
    const contexts = [];
    const lab = (options) => openLab(browser, server.url, root, { ...options, track: (l) => contexts.push(l) });
    const t0 = Date.now();
    try {
      await Promise.race([fn({ lab, browser, baseUrl: server.url, root }), timeout(60_000)]);
      for (const l of contexts) l.assertClean();
      passed++;
      console.log(`  ✓ ${full} (${Date.now() - t0} ms)`);
    } catch (e) {
      failed++;
      console.log(`  ✗ ${full}\n    ${String(e?.stack ?? e).split('\n').slice(0, 6).join('\n    ')}`);
      const page = contexts.at(-1)?.page;
      if (page) await page.screenshot({ path: join(root, 'test-results', `failed-${full.replace(/[^\w-]+/g, '_')}.png`), fullPage: true }).catch(() => {});
    } finally {
      for (const l of contexts) await l.context.close().catch(() => {});
    }
  }
}

await browser.close();
await server.close();
console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

function timeout(ms) {
  return new Promise((_, reject) => setTimeout(() => reject(new Error(`test timed out after ${ms} ms`)), ms).unref());
}
