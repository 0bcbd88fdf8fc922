import assert from 'node:assert/strict';
import { act, METRICS, readNumber, readout, urlMatches } from './harness.mjs';

const WORKLOADS = [
  { label: 'Code autocomplete', id: 'autocomplete' },
  { label: 'Chatbot reply', id: 'chat' },
  { label: 'Summarize a long doc', id: 'summarize' },
  { label: 'Write a long report', id: 'report' },
];

export const tests = {
  async 'every readout of the contract is present, named, and shows a unit'({ lab }) {
    const { page } = await lab();
    for (const metric of METRICS) {
      const el = page.locator(`[data-metric="${metric}"]`);
      assert.equal(await el.count(), 1, `exactly one ${metric} readout`);
      const name = await el.getAttribute('aria-label');
      assert.ok(name && name.length > 3, `${metric} has an accessible name`);
      const text = await readout(page, metric);
      assert.doesNotMatch(text, /NaN|Infinity|undefined/);
      if (metric === 'verdict') assert.match(text, /^(Met|Missed)/);
      else await readNumber(page, metric);
    }
  },

  async 'choosing each workload reshapes the request'({ lab }) {
    const { page } = await lab();
    const seen = {};
    for (const w of WORKLOADS) {
      if (!(await page.getByRole('radio', { name: new RegExp(w.label) }).isChecked())) {
        await act(page, () => page.getByText(w.label, { exact: true }).click());
      }
      await urlMatches(page, new RegExp(`workload=${w.id}`));
      seen[w.id] = { ttft: await readNumber(page, 'ttft'), tpot: await readNumber(page, 'tpot'), e2e: await readNumber(page, 'e2e'), out: await readNumber(page, 'output-tokens') };
      assert.equal(await page.locator('[data-testid="timeline"]').count(), 1);
    }
    // The lesson's shapes: a long prompt inflates TTFT, a long answer inflates E2E.
    assert.ok(seen.summarize.ttft > 3 * seen.chat.ttft, `summarize TTFT ${seen.summarize.ttft} ≫ chat ${seen.chat.ttft}`);
    assert.ok(seen.report.e2e > 30_000, `report E2E ${seen.report.e2e} ms is long`);
    assert.ok(seen.report.ttft < 300, `report TTFT ${seen.report.ttft} ms stays short`);
    assert.ok(seen.autocomplete.out < 30 && seen.report.out > 1000);
    for (const w of Object.values(seen)) assert.ok(w.tpot > 20 && w.tpot < 40, `idle TPOT ≈ 30 ms, got ${w.tpot}`);
  },

  async 'custom lengths from the number inputs'({ lab }) {
    const { page } = await lab();
    const prompt = page.getByRole('textbox', { name: 'Prompt tokens' });
    await act(page, async () => {
      await prompt.fill('8000');
      await prompt.press('Enter');
    });
    assert.ok(await page.getByRole('radio', { name: /Custom/ }).isChecked());
    await urlMatches(page, /prompt=8000/);
    const ttft = await readNumber(page, 'ttft');
    assert.ok(ttft > 400, `an 8,000-token prompt takes a while to prefill (${ttft} ms)`);
  },

  async 'absurd typed values are refused or clamped, never NaN'({ lab }) {
    const { page } = await lab();
    const users = page.getByRole('textbox', { name: 'Users' });
    await users.fill('banana');
    await users.press('Tab');
    await page.getByText(/"banana" is not a number; kept 1/).waitFor();
    assert.equal(await users.inputValue(), '1');
    await act(page, async () => {
      await users.fill('1e9');
      await users.press('Enter');
    });
    await page.getByText(/is outside 1 to 4,096; set to 4096/).waitFor();
    assert.equal(await users.inputValue(), '4096');
    for (const metric of METRICS) assert.doesNotMatch(await readout(page, metric), /NaN|Infinity/);
  },
};
