/* global navigator */
import assert from 'node:assert/strict';
import { act, readout, ready, urlMatches } from './harness.mjs';

export const tests = {
  async 'a deep link restores the scenario'({ lab }) {
    const q = 'workload=summarize&load=busy&ttftSlo=2000&tpotSlo=off&seed=7&chunkedPrefill=1&networkMs=120&question=q2';
    const { page } = await lab({ query: q });
    assert.ok(await page.getByRole('radio', { name: /Summarize a long doc/ }).isChecked());
    assert.ok(await page.getByRole('radio', { name: /Busy/ }).isChecked());
    assert.equal(await page.getByRole('textbox', { name: 'TTFT target' }).inputValue(), '2000');
    assert.equal(await page.getByRole('switch', { name: 'TPOT target' }).isChecked(), false);
    assert.equal(await page.getByRole('switch', { name: 'Chunked prefill' }).isChecked(), true);
    assert.equal(await page.getByRole('textbox', { name: 'Random seed' }).inputValue(), '7');
    assert.equal(await page.getByRole('textbox', { name: 'Network round trip' }).inputValue(), '120');
    assert.equal(await page.locator('[data-testid="notices"]').count(), 0);
    const ttft = await readout(page, 'ttft');

    // A change rewrites the link, keeping keys other features own.
    await act(page, () => page.getByText('Idle', { exact: true }).click());
    await urlMatches(page, /question=q2/);
    await urlMatches(page, /load=idle/);
    await act(page, () => page.getByText('Busy', { exact: true }).click());
    await urlMatches(page, /load=busy/);
    await page.reload();
    await ready(page);
    assert.equal(await readout(page, 'ttft'), ttft, 'the same link gives the same numbers');
  },

  async 'a garbled link shows a notice per bad parameter and a working page'({ lab }) {
    const { page } = await lab({ query: 'users=lots&workload=pizza&ttftSlo=-4&seed=abc&question=q1' });
    const notices = page.locator('[data-testid="notices"]');
    await notices.waitFor();
    const text = await notices.textContent();
    for (const p of ['users', 'workload', 'ttftSlo', 'seed']) assert.ok(text.includes(p), `notice names ${p}`);
    assert.match(text, /Using the default/);
    assert.match(await readout(page, 'verdict'), /^(Met|Missed)/);
    // Still works.
    await act(page, () => page.getByText('Busy', { exact: true }).click());
    // Dismiss one, then the rest.
    await page.getByRole('button', { name: 'Dismiss the notice about seed' }).click();
    assert.ok(!(await notices.textContent()).includes('seed:'));
    await page.getByRole('button', { name: 'Dismiss all' }).click();
    assert.equal(await notices.count(), 0);
  },

  async 'settings the engine cannot run show why, and the page recovers'({ lab }) {
    const { page } = await lab({ query: 'model=llama-3.1-405b&gpu=l4&tp=1', state: 'error' });
    const err = page.locator('[data-testid="run-error"]');
    await err.waitFor();
    assert.match(await err.textContent(), /cannot run/);
    await act(page, () => page.getByRole('button', { name: 'Use the lesson server' }).click());
    assert.equal(await err.count(), 0);
    assert.match(await readout(page, 'verdict'), /^(Met|Missed)/);
  },

  async 'the share button copies the link'({ lab }) {
    const { page } = await lab({ query: 'workload=report', permissions: ['clipboard-read', 'clipboard-write'] });
    await page.getByRole('button', { name: /Copy link/ }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, page.url());
  },
};
