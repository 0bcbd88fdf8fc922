import assert from 'node:assert/strict';
import { act, readout, urlMatches } from './harness.mjs';

export const tests = {
  async 'tightening the TTFT target flips the verdict, and loosening it flips it back'({ lab }) {
    const { page } = await lab();
    assert.match(await readout(page, 'verdict'), /^Met/);
    const ttft = page.getByRole('textbox', { name: 'TTFT target' });
    await act(page, async () => {
      await ttft.fill('50');
      await ttft.press('Enter');
    });
    const missed = await readout(page, 'verdict');
    assert.match(missed, /^Missed TTFT by /);
    assert.match(await page.locator('main').textContent(), /still counts toward throughput, but .* not count toward goodput/);
    await urlMatches(page, /ttftSlo=50/);
    assert.equal(await readout(page, 'goodput'), '0 req/s');
    await act(page, async () => {
      await ttft.fill('500');
      await ttft.press('Enter');
    });
    assert.match(await readout(page, 'verdict'), /^Met/);
  },

  async 'a preset sets both targets; the autocomplete preset fails a chat reply on TTFT'({ lab }) {
    const { page } = await lab();
    await act(page, () => page.getByText('Autocomplete', { exact: true }).click());
    await urlMatches(page, /ttftSlo=100&tpotSlo=50/);
    assert.match(await readout(page, 'verdict'), /^Missed TTFT/);
    await act(page, () => page.getByText('Batch', { exact: true }).click());
    assert.match(await readout(page, 'verdict'), /^Met/);
  },

  async 'a TPOT miss under load names TPOT'({ lab }) {
    const { page } = await lab({ query: 'workload=autocomplete&load=busy&ttftSlo=off&tpotSlo=40' });
    assert.match(await readout(page, 'verdict'), /^Missed TPOT by \d/);
    assert.equal(await page.getByRole('switch', { name: 'TTFT target' }).isChecked(), false);
  },
};
