import { expect, test } from './fixtures';
import { act, METRICS, readNumber, readout, urlMatches } from './helpers';

const WORKLOADS = [
  { label: 'Code autocomplete', id: 'autocomplete' },
  { label: 'Chatbot reply', id: 'chat' },
  { label: 'Summarize a long doc', id: 'summarize' },
  { label: 'Write a long report', id: 'report' },
];

test('every readout of the contract is present, named, and shows a unit', async ({ lab }) => {
  const { page } = await lab();
  for (const metric of METRICS) {
    const el = page.locator(`[data-metric="${metric}"]`);
    await expect(el, `exactly one ${metric} readout`).toHaveCount(1);
    const name = await el.getAttribute('aria-label');
    expect(name && name.length > 3, `${metric} has an accessible name`).toBe(true);
    const text = await readout(page, metric);
    expect(text).not.toMatch(/NaN|Infinity|undefined/);
    if (metric === 'verdict') expect(text).toMatch(/^(Met|Missed)/);
    else await readNumber(page, metric);
  }
});

test('choosing each workload reshapes the request', async ({ lab }) => {
  const { page } = await lab();
  const seen: Record<string, { ttft: number; tpot: number; e2e: number; out: number }> = {};
  for (const w of WORKLOADS) {
    if (!(await page.getByRole('radio', { name: new RegExp(w.label) }).isChecked())) {
      await act(page, () => page.getByText(w.label, { exact: true }).click());
    }
    await urlMatches(page, new RegExp(`workload=${w.id}`));
    seen[w.id] = { ttft: await readNumber(page, 'ttft'), tpot: await readNumber(page, 'tpot'), e2e: await readNumber(page, 'e2e'), out: await readNumber(page, 'output-tokens') };
    await expect(page.locator('[data-testid="timeline"]')).toHaveCount(1);
  }
  // The lesson's shapes: a long prompt inflates TTFT, a long answer inflates E2E.
  expect(seen.summarize.ttft, `summarize TTFT ${seen.summarize.ttft} ≫ chat ${seen.chat.ttft}`).toBeGreaterThan(3 * seen.chat.ttft);
  expect(seen.report.e2e, `report E2E ${seen.report.e2e} ms is long`).toBeGreaterThan(30_000);
  expect(seen.report.ttft, `report TTFT ${seen.report.ttft} ms stays short`).toBeLessThan(300);
  expect(seen.autocomplete.out).toBeLessThan(30);
  expect(seen.report.out).toBeGreaterThan(1000);
  for (const w of Object.values(seen)) expect(w.tpot > 20 && w.tpot < 40, `idle TPOT ≈ 30 ms, got ${w.tpot}`).toBe(true);
});

test('custom lengths from the number inputs', async ({ lab }) => {
  const { page } = await lab();
  const prompt = page.getByRole('textbox', { name: 'Prompt tokens' });
  await act(page, async () => {
    await prompt.fill('8000');
    await prompt.press('Enter');
  });
  await expect(page.getByRole('radio', { name: /^Custom your own lengths/ })).toBeChecked();
  await urlMatches(page, /prompt=8000/);
  const ttft = await readNumber(page, 'ttft');
  expect(ttft, `an 8,000-token prompt takes a while to prefill (${ttft} ms)`).toBeGreaterThan(400);
});

test('absurd typed values are refused or clamped, never NaN', async ({ lab }) => {
  const { page } = await lab();
  const users = page.getByRole('textbox', { name: 'Users' });
  await users.fill('banana');
  await users.press('Tab');
  await page.getByText(/"banana" is not a number; kept 1/).waitFor();
  await expect(users).toHaveValue('1');
  await act(page, async () => {
    await users.fill('1e9');
    await users.press('Enter');
  });
  await page.getByText(/is outside 1 to 4,096; set to 4096/).waitFor();
  await expect(users).toHaveValue('4096');
  for (const metric of METRICS) expect(await readout(page, metric)).not.toMatch(/NaN|Infinity/);
});
