import { expect, test } from './fixtures';
import { act } from './helpers';

test('no request leaves 127.0.0.1 and the console stays clean while using the lab', async ({ lab }) => {
  const l = await lab({ query: 'question=q1&embed=1' });
  const { page } = l;
  for (const label of ['Summarize a long doc', 'Busy', 'Write a long report', 'Arrival rate', 'Voice', 'Idle']) {
    await act(page, () => page.getByText(label, { exact: true }).click());
  }
  await page.getByRole('switch', { name: 'Chunked prefill' }).check();
  await page.waitForSelector('main#results[data-state="ready"]');
  await page.waitForSelector('main#results[data-sweep="done"]', { timeout: 120_000 });
  expect(l.requests.length).toBeGreaterThan(0);
  for (const r of l.requests) expect(new URL(r).hostname, r).toBe('127.0.0.1');
  expect(l.outside).toEqual([]);
  expect(l.errors).toEqual([]);
});
