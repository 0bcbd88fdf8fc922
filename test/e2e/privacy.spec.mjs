/* global URL */
import assert from 'node:assert/strict';
import { act } from './harness.mjs';

export const tests = {
  async 'no request leaves 127.0.0.1 and the console stays clean while using the lab'({ lab }) {
    const l = await lab({ query: 'question=q1&embed=1' });
    const { page } = l;
    for (const label of ['Summarize a long doc', 'Busy', 'Write a long report', 'Arrival rate', 'Voice', 'Idle']) {
      await act(page, () => page.getByText(label, { exact: true }).click());
    }
    await page.getByRole('switch', { name: 'Chunked prefill' }).check();
    await page.waitForSelector('main#results[data-state="ready"]');
    await page.waitForSelector('main#results[data-sweep="done"]', { timeout: 30_000 });
    assert.ok(l.requests.length > 0);
    for (const r of l.requests) assert.equal(new URL(r).hostname, '127.0.0.1', r);
    assert.deepEqual(l.outside, []);
    assert.deepEqual(l.errors, []);
  },
};
