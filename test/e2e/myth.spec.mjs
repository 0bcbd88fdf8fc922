// Myth cards: "Show me" puts the lab into a scenario in which its own readouts
// contradict the myth, outlines the readouts to look at, and quotes them.
/* global document */
import assert from 'node:assert/strict';
import { nextResult, readNumber, readout, resultId } from './harness.mjs';

async function showMe(page, myth) {
  const before = await resultId(page);
  await page.locator('[data-testid="myths"]').getByRole('button', { name: `Show me: ${myth}` }).click();
  await nextResult(page, before);
  const card = page.locator('[data-testid="myths"] li').filter({ hasText: myth });
  const evidence = card.locator('[data-testid="myth-evidence"]');
  await evidence.filter({ hasNotText: 'Simulating' }).waitFor();
  return (await evidence.textContent()).trim();
}

export const tests = {
  async '"Throughput is the goal": highest throughput yet, goodput collapses, verdict missed'({ lab }) {
    const { page } = await lab();
    const idleSystem = await readNumber(page, 'system-throughput');
    const text = await showMe(page, 'Throughput is the goal.');
    assert.match(page.url(), /users=32/);
    assert.ok((await readNumber(page, 'system-throughput')) > 10 * idleSystem);
    assert.match(await readout(page, 'verdict'), /^Missed/);
    const goodput = await readNumber(page, 'goodput');
    assert.ok(goodput < 0.2, `goodput ${goodput} req/s`);
    for (const m of ['system-throughput', 'goodput', 'tpot']) assert.ok(text.includes(await readout(page, m)), `evidence quotes ${m}: ${text}`);
    const watch = await page.evaluate(() => document.body.getAttribute('data-lesson-watch'));
    assert.equal(watch, 'system-throughput goodput verdict tpot');
  },

  async '"Report the average": the evidence shows a p99 many times the mean'({ lab }) {
    const { page } = await lab();
    const text = await showMe(page, 'Report the average.');
    const times = Number(/waits ([\d.]+)× the mean/.exec(text)?.[1]);
    assert.ok(times > 8, text);
  },

  async '"TTFT depends on the model": same server, several-fold TTFT from the prompt alone'({ lab }) {
    const { page } = await lab();
    const chat = await readNumber(page, 'ttft');
    const chatTpot = await readNumber(page, 'tpot');
    await showMe(page, 'TTFT depends on the model.');
    assert.ok((await readNumber(page, 'ttft')) > 4 * chat);
    assert.ok(Math.abs((await readNumber(page, 'tpot')) / chatTpot - 1) < 0.1);
  },
};
