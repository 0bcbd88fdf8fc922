// Where the stage's parts sit on a phone and on a desktop, in the built lab (run `npm run build` first):
//   node scripts/measure-layout.mjs [--query 'workload=chat']
// For 390×844, 360×740 and 1280×800 it prints, in px from the top of the page, the top and bottom of
// the verdict, the timeline section, the drawn request's lane and its TTFT and E2E brackets, the TTFT
// and TPOT readouts, the cards and the settings; the page's height; and whether the section nav
// overflows its width, where its last visible link is cut, and whether a cue says it scrolls. Written to test-results/measure-layout.json.
/* global console, process, document, scrollY, innerHeight, getComputedStyle */
import { mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { preview } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SIZES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];
/** What to measure; the first selector that matches wins (the brackets had no test id before the phone stage). */
const PARTS = {
  verdict: ['[data-testid="verdict"]'],
  timelineSection: ['[data-testid="timeline-section"]'],
  lane: ['[data-testid="timeline"] [data-lane="overview"]'],
  ttftBracket: ['[data-testid="ttft-bracket"]', '[data-testid="timeline"] > g.stroke-ink >> nth=0'],
  e2eBracket: ['[data-testid="e2e-bracket"]', '[data-testid="timeline"] > g.stroke-ink >> nth=-1'],
  ttftReadout: ['[data-metric="ttft"]'],
  tpotReadout: ['[data-metric="tpot"]'],
  cards: ['[data-testid="cards"]'],
  settings: ['#settings'],
};

const argQuery = process.argv.indexOf('--query');
const query = argQuery > 0 ? process.argv[argQuery + 1] : '';

async function measure(page) {
  const out = {};
  for (const [name, sels] of Object.entries(PARTS)) {
    for (const sel of sels) {
      const loc = page.locator(sel).first();
      if ((await loc.count()) === 0) continue;
      out[name] = await loc.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const visible = r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
        return visible ? { top: Math.round(r.top + scrollY), bottom: Math.round(r.bottom + scrollY) } : 'hidden';
      });
      break;
    }
    out[name] ??= 'absent';
  }
  out.pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  out.viewportHeight = await page.evaluate(() => innerHeight);
  out.nav = await page.evaluate(() => {
    const list = document.querySelector('[data-testid="section-nav"] ul');
    if (!list) return 'absent';
    const box = list.getBoundingClientRect();
    const links = [...list.querySelectorAll('a')];
    const cut = links.find((a) => {
      const r = a.getBoundingClientRect();
      return r.left < box.right && r.right > box.right + 0.5;
    });
    // The cue that says the list scrolls: its fade and arrow button (absent before the phone stage).
    const cue = !!document.querySelector('[data-testid="nav-more-after"]') && getComputedStyle(list).maskImage !== 'none';
    return { scrollWidth: list.scrollWidth, clientWidth: list.clientWidth, cutLink: cut ? cut.textContent : null, cue, height: Math.round(box.height) };
  });
  return out;
}

async function main() {
  if (!existsSync(join(root, 'dist', 'index.html'))) throw new Error('dist/index.html is missing: run `npm run build` first.');
  const server = await preview({ root, logLevel: 'warn', preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false } });
  const url = server.resolvedUrls?.local[0];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const results = [];
  try {
    for (const size of SIZES) {
      const context = await browser.newContext({ viewport: size });
      const page = await context.newPage();
      await page.goto(`${url}${query ? `?${query}` : ''}`);
      await page.waitForSelector('main#results[data-state="ready"]', { timeout: 30_000 });
      await page.waitForSelector('main#results[data-sweep="done"]', { timeout: 30_000 });
      results.push({ size: `${size.width}×${size.height}`, query, ...(await measure(page)) });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  for (const r of results) {
    console.log(`\n${r.size}  page ${r.pageHeight} px tall`);
    for (const name of Object.keys(PARTS)) {
      const v = r[name];
      const where = typeof v === 'string' ? v : `y ${v.top}–${v.bottom}${v.bottom <= r.viewportHeight ? '  (first screen)' : ''}`;
      console.log(`  ${name.padEnd(16)} ${where}`);
    }
    console.log(`  nav              ${typeof r.nav === 'string' ? r.nav : `scrollWidth ${r.nav.scrollWidth} / clientWidth ${r.nav.clientWidth}, cut link: ${r.nav.cutLink ?? 'none'}, scroll cue: ${r.nav.cue ? 'fade and arrow' : 'none'}`}`);
  }
  await mkdir(join(root, 'test-results'), { recursive: true });
  await writeFile(join(root, 'test-results', 'measure-layout.json'), JSON.stringify(results, null, 1));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
