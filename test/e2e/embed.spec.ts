// ?embed=timeline|curve|cards|lab renders one view for a course page's iframe:
// it fits 800×500 and 400×600 frames without scrolling or cut axes, says in
// one line what scenario it shows, links to the full lab with the same
// settings, tells of a bad key in a small notice, and takes theme=light|dark.
import type { Frame, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { act, axeClean } from './helpers';

const SIZES = [
  [800, 500],
  [400, 600],
] as const;

/** A course page with one iframe per size, served from the lab's own origin. */
async function host(page: Page, query: string): Promise<Frame[]> {
  const frames = SIZES.map(([w, h]) => `<iframe src="./?${query}" width="${w}" height="${h}" style="border:0;display:block;margin:8px" title="Latency Lab ${w}x${h}"></iframe>`).join('');
  await page.route('**/course-page.html', (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><title>Course</title><body style="margin:0">${frames}</body></html>` }));
  await page.goto('./course-page.html');
  const list: Frame[] = [];
  for (let i = 0; i < SIZES.length; i++) {
    const handle = await page.locator('iframe').nth(i).elementHandle();
    const frame = await handle!.contentFrame();
    await frame!.waitForSelector('main#results[data-state="ready"]', { timeout: 120_000 });
    list.push(frame!);
  }
  return list;
}

/** The frame's page neither scrolls nor spills sideways, and nothing drawn ends outside it. */
async function fits(frame: Frame, label: string) {
  const m = await frame.evaluate(() => {
    const doc = document.documentElement;
    let bottom = 0;
    let right = 0;
    // Text for screen readers only sits in a 1 px clipped box: not drawn, so not counted.
    const hidden = (el: Element) => {
      for (let p: Element | null = el; p; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.clip !== 'auto' || s.clipPath !== 'none' || (s.overflow === 'hidden' && p.getBoundingClientRect().width <= 1)) return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll('svg text, svg rect, p, button, output, label, a')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || hidden(el)) continue;
      bottom = Math.max(bottom, r.bottom);
      right = Math.max(right, r.right);
    }
    return { w: innerWidth, h: innerHeight, sw: doc.scrollWidth, sh: doc.scrollHeight, bottom, right };
  });
  expect(m.sh, `${label}: no vertical scroll (${JSON.stringify(m)})`).toBeLessThanOrEqual(m.h);
  expect(m.sw, `${label}: no horizontal scroll (${JSON.stringify(m)})`).toBeLessThanOrEqual(m.w);
  expect(m.bottom, `${label}: nothing drawn below the frame`).toBeLessThanOrEqual(m.h + 0.5);
  expect(m.right, `${label}: nothing drawn right of the frame`).toBeLessThanOrEqual(m.w + 0.5);
}

async function captionAndLink(frame: Frame, query: RegExp) {
  await expect(frame.locator('[data-testid="embed-caption"]')).toHaveText(/·.*lesson server/);
  const lines = await frame.locator('[data-testid="embed-caption"]').evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
  expect(lines, 'the caption is one line').toBe(1);
  const link = frame.getByRole('link', { name: /Open the full lab/ });
  await expect(link).toHaveAttribute('href', query);
  await expect(link).not.toHaveAttribute('href', /embed=/);
}

test('embed=timeline fits both frames, names its scenario, links to the full lab', async ({ lab }) => {
  const { page } = await lab();
  for (const [i, frame] of (await host(page, 'embed=timeline&workload=report')).entries()) {
    const label = `timeline ${SIZES[i].join('×')}`;
    await fits(frame, label);
    await captionAndLink(frame, /workload=report/);
    await expect(frame.locator('[data-testid="embed-caption"]')).toHaveText(/Write a long report \(800 in \/ 1,500 out\)/);
    await expect(frame.locator('[data-metric="e2e"]')).toHaveText(/ s$/);
    await expect(frame.locator('[data-testid="page-header"], footer, [data-testid="try-it"], #settings')).toHaveCount(0);
    await expect(frame.locator('body')).not.toHaveText(/above|below/i);
  }
});

test('embed=curve fits both frames with the whole x axis', async ({ lab }) => {
  const { page } = await lab();
  for (const [i, frame] of (await host(page, 'embed=curve&workload=chat&load=busy')).entries()) {
    const label = `curve ${SIZES[i].join('×')}`;
    await frame.waitForSelector('main#results[data-sweep="done"]', { timeout: 120_000 });
    await frame.locator('[data-testid="throughput-curve"] svg').waitFor();
    await fits(frame, label);
    await captionAndLink(frame, /load=busy/);
    // The x axis's labels (256 users at the right end, the axis title) are inside the frame.
    const axis = await frame.locator('[data-testid="throughput-curve"] svg text').evaluateAll((els) =>
      els.filter((e) => /^(256|concurrent users)/.test(e.textContent ?? '')).map((e) => e.getBoundingClientRect().bottom),
    );
    expect(axis.length, 'the x axis is drawn').toBeGreaterThan(0);
    for (const b of axis) expect(b, `${label}: x-axis label at ${b}`).toBeLessThanOrEqual(SIZES[i][1]);
  }
});

test('embed=cards fits both frames: verdict, TTFT, TPOT, throughput', async ({ lab }) => {
  const { page } = await lab();
  for (const [i, frame] of (await host(page, 'embed=cards&workload=summarize')).entries()) {
    await fits(frame, `cards ${SIZES[i].join('×')}`);
    await captionAndLink(frame, /workload=summarize/);
    for (const m of ['verdict', 'ttft', 'tpot', 'system-throughput', 'goodput']) await expect(frame.locator(`[data-metric="${m}"]`)).toBeVisible();
  }
});

test('embed=lab fits both frames, a readout in the first screen, and its controls work', async ({ lab }) => {
  const { page } = await lab();
  for (const [i, frame] of (await host(page, 'embed=lab')).entries()) {
    await fits(frame, `lab ${SIZES[i].join('×')}`);
    await captionAndLink(frame, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    await expect(frame.locator('[data-metric="ttft"]')).toBeInViewport();
    const idle = await frame.locator('[data-metric="system-throughput"]').textContent();
    const id = Number(await frame.locator('main#results').getAttribute('data-result-id'));
    await frame.getByText('Busy', { exact: true }).click();
    await frame.waitForFunction((before) => Number(document.querySelector<HTMLElement>('main#results')?.dataset.resultId) > before && document.querySelector<HTMLElement>('main#results')?.dataset.state === 'ready', id);
    expect(await frame.locator('[data-metric="system-throughput"]').textContent()).not.toBe(idle);
    await expect(frame.locator('[data-testid="embed-caption"]')).toHaveText(/busy, 16 users/);
    await fits(frame, `lab busy ${SIZES[i].join('×')}`);
  }
});

test('a typo in an embed link gets a small notice; the view still fits', async ({ lab }) => {
  const { page } = await lab();
  for (const frame of await host(page, 'embed=timeline&workoad=report')) {
    await expect(frame.locator('[data-testid="embed-key-notice"]')).toHaveText(/workoad.*did you mean workload/);
    await fits(frame, 'timeline with a notice');
  }
});

test('theme=dark and theme=light override the system', async ({ lab }) => {
  const dark = await lab({ query: 'embed=cards&theme=dark', colorScheme: 'light', width: 800, height: 500 });
  const bg = (p: Page) => p.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(await bg(dark.page)).toBe('rgb(11, 17, 32)');
  await axeClean(dark.page);
  const light = await lab({ query: 'embed=timeline&theme=light', colorScheme: 'dark', width: 800, height: 500 });
  expect(await bg(light.page)).toBe('rgb(255, 255, 255)');
  const bad = await lab({ query: 'theme=blue' });
  await expect(bad.page.locator('[data-testid="notices"]')).toHaveText(/theme.*not light or dark/);
});

test('embeds are axe-clean and keep the link in the frame', async ({ lab }) => {
  for (const view of ['timeline', 'curve', 'cards', 'lab']) {
    const { page } = await lab({ query: `embed=${view}&workload=report`, width: 400, height: 600 });
    if (view === 'curve') await page.waitForSelector('main#results[data-sweep="done"]', { timeout: 120_000 });
    await axeClean(page);
    await expect(page.locator('main')).not.toHaveText(/NaN|Infinity/);
  }
  const { page } = await lab({ query: 'embed=lab', width: 800, height: 500 });
  await act(page, () => page.getByText('Long report', { exact: true }).click());
  expect(page.url(), 'the link keeps embed').toMatch(/embed=lab/);
});

test('a bad embed value falls back to the full page with a notice', async ({ lab }) => {
  const { page } = await lab({ query: 'embed=timline&workload=summarize' });
  await expect(page.locator('[data-testid="embed-notice"]')).toHaveText(/"timline".*did you mean timeline\?.*full page/);
  await expect(page.getByRole('heading', { level: 1, name: 'Latency Lab' })).toHaveCount(1);
  await expect(page.locator('#settings')).toHaveCount(1);
  await expect(page.locator('[data-testid="try-it"]')).toHaveCount(1);
  await expect(page.getByRole('radio', { name: /Summarize a long doc/ })).toBeChecked();
});
