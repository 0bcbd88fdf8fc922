// ?embed=timeline|curve|lab renders one view for an iframe; a bad value falls
// back to the full page with a notice.
import assert from 'node:assert/strict';
import { axeClean } from './harness.mjs';
import { act, readout } from './harness.mjs';

export const tests = {
  async 'embed=timeline: only the timeline, no header, controls or footer'({ lab, root }) {
    const { page } = await lab({ query: 'embed=timeline&workload=report', width: 700, height: 500 });
    await page.locator('[data-embed="timeline"] [data-testid="timeline-section"]').waitFor();
    assert.equal(await page.locator('header').filter({ hasText: 'Every streamed answer' }).count(), 0, 'no page header');
    assert.equal(await page.locator('footer').count(), 0, 'no footer');
    assert.equal(await page.locator('aside').count(), 0, 'no controls');
    assert.equal(await page.locator('[data-testid="try-it"]').count(), 0, 'no lesson panels');
    assert.match(await readout(page, 'e2e'), / s$/);
    // The link to the full lab keeps the settings and drops embed.
    const href = await page.getByRole('link', { name: 'Open the full lab' }).getAttribute('href');
    assert.match(href, /workload=report/);
    assert.doesNotMatch(href, /embed=/);
    await axeClean(page, root);
  },

  async 'embed=curve: the throughput curve alone'({ lab }) {
    const { page } = await lab({ query: 'embed=curve', width: 800, height: 600 });
    await page.waitForSelector('main#results[data-sweep="done"]', { timeout: 30_000 });
    await page.locator('[data-embed="curve"] [data-testid="throughput-curve"]').waitFor();
    assert.equal(await page.locator('[data-testid="timeline-section"]').count(), 0);
    assert.equal(await page.locator('aside').count(), 0);
  },

  async 'embed=lab: controls, cards and timeline that still work, no chrome'({ lab, root }) {
    const { page } = await lab({ query: 'embed=lab', width: 1000, height: 800 });
    await page.locator('[data-embed="lab"]').waitFor();
    assert.equal(await page.locator('aside[aria-label="Settings"]').count(), 1);
    assert.equal(await page.locator('[data-testid="timeline-section"]').count(), 1);
    assert.equal(await page.locator('[data-testid="curve-section"]').count(), 0, 'no charts');
    assert.equal(await page.locator('footer').count(), 0);
    const idle = await readout(page, 'system-throughput');
    await act(page, () => page.getByText('Busy', { exact: true }).click());
    assert.notEqual(await readout(page, 'system-throughput'), idle);
    assert.match(page.url(), /embed=lab/, 'the link keeps embed');
    await axeClean(page, root);
  },

  async 'a bad embed value falls back to the full page with a notice'({ lab }) {
    const { page } = await lab({ query: 'embed=sidebar&workload=summarize' });
    const notice = page.locator('[data-testid="embed-notice"]');
    assert.match(await notice.textContent(), /"sidebar".*full page/);
    assert.equal(await page.getByRole('heading', { level: 1, name: 'Latency Lab' }).count(), 1);
    assert.equal(await page.locator('aside[aria-label="Settings"]').count(), 1);
    assert.equal(await page.locator('[data-testid="try-it"]').count(), 1);
    assert.ok(await page.getByRole('radio', { name: /Summarize a long doc/ }).isChecked());
  },
};
