import assert from 'node:assert/strict';
import { act, readNumber, readout, urlMatches } from './harness.mjs';

export const tests = {
  async 'picking real hardware runs a roofline server and says it is an estimate'({ lab }) {
    const { page } = await lab();
    await act(page, () => page.getByText('Real hardware', { exact: true }).click());
    await urlMatches(page, /server=hardware/);
    assert.match(await page.getByTestId('page-header').textContent(), /roofline model/);
    assert.ok((await readNumber(page, 'ttft')) > 0);
    await act(page, () => page.getByRole('combobox', { name: 'GPU', exact: true }).selectOption('a100-80gb-sxm'));
    await urlMatches(page, /gpu=a100-80gb-sxm/);
    assert.match(await readout(page, 'verdict'), /^(Met|Missed)/);
    await act(page, () => page.getByText('Lesson server', { exact: true }).click());
    assert.match(await page.getByTestId('page-header').textContent(), /illustrative/);
  },
};
