// The five try-it questions in the built lab: predict, set up, check that the
// live readouts show the lesson's answer, and that the explanation quotes the
// numbers on screen. Also ?question=N links and the "no longer applies" notice.
/* global document, getComputedStyle, localStorage, location */
import assert from 'node:assert/strict';
import { axeClean, nextResult, readNumber, readout, ready, resultId } from './harness.mjs';

const panel = (page) => page.locator('[data-testid="try-it"]');

/** Opens question `n` in the panel. */
export async function openQuestion(page, n) {
  await panel(page).getByRole('button', { name: new RegExp(`^Question ${n}:`) }).click();
  await page.locator(`[data-question="${n}"]`).waitFor();
}

/** Picks a choice (by its text) or types a number, and commits. Nothing in the lab may move. */
export async function predict(page, answer) {
  const before = await resultId(page);
  const q = panel(page);
  if (typeof answer === 'number') await q.getByRole('textbox').fill(String(answer));
  else await q.getByRole('radio', { name: answer }).check();
  await q.getByRole('button', { name: 'Commit my prediction' }).click();
  await page.waitForTimeout(150);
  assert.equal(await resultId(page), before, 'committing a prediction does not move the lab');
}

/** Clicks a button that applies a scenario and waits for its run to be on screen. */
export async function applyAndWait(page, locator) {
  const before = await resultId(page);
  await locator.click();
  await nextResult(page, before);
}

/** The explanation text, once shown. */
export async function explanation(page) {
  const el = panel(page).locator('[data-testid="explanation"]');
  await el.waitFor({ timeout: 20_000 });
  return (await el.textContent()).trim();
}

/** Asserts the explanation quotes each readout's text as shown on the page. */
async function quotes(page, text, metrics) {
  for (const m of metrics) {
    const shown = await readout(page, m);
    assert.ok(text.includes(shown), `the explanation quotes ${m} "${shown}": ${text}`);
  }
}

async function assertHighlighted(page, metrics) {
  const watch = await page.evaluate(() => document.body.getAttribute('data-lesson-watch'));
  for (const m of metrics) {
    assert.ok(watch.split(' ').includes(m), `${m} is watched (${watch})`);
    const style = await page.locator(`[data-metric="${m}"]`).first().evaluate((el) => getComputedStyle(el).outlineStyle);
    assert.equal(style, 'dashed', `${m} is outlined`);
  }
}

const progress = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('latency-lab:progress:v1') ?? 'null'));

export const tests = {
  async 'Q1: chat → summarize: TTFT grows several-fold, TPOT within 10%, explanation quotes both'({ lab }) {
    // Start elsewhere, so setting up visibly moves the lab.
    const { page } = await lab({ query: 'workload=report&load=busy' });
    await openQuestion(page, 1);
    assert.equal(await panel(page).locator('[data-testid="setup"]').count(), 0, 'no set-up button before a prediction');
    await predict(page, /TTFT, the wait/);
    await applyAndWait(page, panel(page).locator('[data-testid="setup"]'));
    assert.match(page.url(), /workload=chat/);
    await assertHighlighted(page, ['ttft', 'tpot']);
    const chat = { ttft: await readNumber(page, 'ttft'), tpot: await readNumber(page, 'tpot'), ttftText: await readout(page, 'ttft'), tpotText: await readout(page, 'tpot') };
    await applyAndWait(page, panel(page).locator('[data-testid="next-step"]'));
    assert.match(page.url(), /workload=summarize/);
    const ttft = await readNumber(page, 'ttft');
    const tpot = await readNumber(page, 'tpot');
    assert.ok(ttft / chat.ttft > 4, `TTFT ${chat.ttft} → ${ttft} ms`);
    assert.ok(Math.abs(tpot / chat.tpot - 1) < 0.1, `TPOT ${chat.tpot} → ${tpot} ms`);
    const text = await explanation(page);
    await quotes(page, text, ['ttft', 'tpot']);
    assert.ok(text.includes(chat.ttftText) && text.includes(chat.tpotText), `quotes the chat numbers too: ${text}`);
    assert.match(await panel(page).locator('[data-testid="prediction-feedback"]').textContent(), /that is what the lab shows/);
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('latency-lab:progress:v1') ?? '{}').completed?.includes(1));
    const saved = await progress(page);
    assert.deepEqual(saved.predictions['1'], { value: 0, correct: true });
    assert.match(await panel(page).locator('[data-testid="progress-summary"]').textContent(), /Done: 1 of 5 questions/);
    assert.match(await panel(page).getByRole('button', { name: /^Question 1: .*\(done\)$/ }).textContent(), /✓/);
  },

  async 'Q2: the 45-second report starts fast and streams faster than anyone reads'({ lab }) {
    const { page } = await lab();
    await openQuestion(page, 2);
    await predict(page, /A short wait for the first word/);
    await applyAndWait(page, panel(page).locator('[data-testid="setup"]'));
    await assertHighlighted(page, ['ttft', 'tpot', 'e2e', 'user-throughput']);
    const e2e = await readNumber(page, 'e2e');
    const ttft = await readNumber(page, 'ttft');
    const user = await readNumber(page, 'user-throughput');
    const tokens = await readNumber(page, 'output-tokens');
    assert.ok(e2e > 35_000 && ttft < 200, `E2E ${e2e} ms, TTFT ${ttft} ms`);
    assert.ok(user > 5 * 4.5, `per-user pace ${user} tok/s beats reading`);
    assert.ok(tokens / 4.5 > e2e / 1000, 'reading takes longer than writing');
    const text = await explanation(page);
    await quotes(page, text, ['e2e', 'ttft', 'tpot', 'user-throughput']);
    assert.ok(text.includes(await readout(page, 'output-tokens')), 'quotes the output tokens');
  },

  async 'Q3: a completed request that misses TTFT counts for throughput, not goodput'({ lab }) {
    const { page } = await lab();
    await openQuestion(page, 3);
    await predict(page, 'Toward throughput, but not toward goodput');
    await applyAndWait(page, panel(page).locator('[data-testid="setup"]'));
    assert.match(await readout(page, 'verdict'), /^Missed/);
    assert.ok((await readNumber(page, 'ttft')) > 500);
    const text = await explanation(page);
    await quotes(page, text, ['ttft', 'system-throughput', 'goodput']);
    const rps = Number(/completed request: ([\d.]+) req\/s/.exec(text)?.[1]);
    const goodput = await readNumber(page, 'goodput');
    assert.ok(rps > goodput && goodput > 0, `throughput ${rps} req/s > goodput ${goodput} req/s > 0`);
  },

  async 'Q4: busy raises system throughput while per-user TTFT and TPOT rise'({ lab }) {
    const { page } = await lab({ query: 'workload=report' });
    await openQuestion(page, 4);
    await predict(page, /Each user now waits in a queue/);
    await applyAndWait(page, panel(page).locator('[data-testid="setup"]'));
    const idle = { sys: await readNumber(page, 'system-throughput'), ttft: await readNumber(page, 'ttft'), tpot: await readNumber(page, 'tpot'), sysText: await readout(page, 'system-throughput') };
    await applyAndWait(page, panel(page).locator('[data-testid="next-step"]'));
    assert.match(page.url(), /load=busy/);
    const sys = await readNumber(page, 'system-throughput');
    assert.ok(sys > 2 * idle.sys, `system ${idle.sys} → ${sys} tok/s`);
    assert.ok((await readNumber(page, 'ttft')) > idle.ttft, 'TTFT rose');
    assert.ok((await readNumber(page, 'tpot')) > idle.tpot, 'TPOT rose');
    const text = await explanation(page);
    await quotes(page, text, ['system-throughput', 'ttft', 'tpot', 'user-throughput']);
    assert.ok(text.includes(idle.sysText), 'quotes the idle throughput');
  },

  async 'Q5: a comfortable mean TTFT hides a p99 many times larger'({ lab }) {
    const { page } = await lab();
    await openQuestion(page, 5);
    await predict(page, 400);
    await applyAndWait(page, panel(page).locator('[data-testid="setup"]'));
    assert.match(page.url(), /rate=2.6/);
    const text = await explanation(page);
    const ms = (s) => (s.endsWith(' s') ? Number(s.slice(0, -2)) * 1000 : Number(s.replace(/[, ]|ms/g, '')));
    const m = /mean TTFT is ([\d.,]+ m?s) and the median ([\d.,]+ m?s).*p95 is ([\d.,]+ m?s) and p99 is ([\d.,]+ m?s)/.exec(text);
    assert.ok(m, text);
    const [mean, , , p99] = m.slice(1).map(ms);
    assert.ok(mean < 500, `mean ${mean} ms under the 500 ms target`);
    assert.ok(p99 / mean > 8, `p99 ${p99} ms vs mean ${mean} ms`);
    // The card's "median / p95" figure shows the same numbers the explanation quotes.
    const figure = await page.locator('#ttft-card-h').locator('xpath=ancestor::article').locator('dd').filter({ hasText: /ms \/ / }).textContent();
    for (const part of figure.split(' / ')) assert.ok(text.includes(part.trim()), `quotes "${part.trim()}" from the card: ${text}`);
    await quotes(page, text, ['ttft']);
    assert.match(await panel(page).locator('[data-testid="prediction-feedback"]').textContent(), /more than your guess/);
  },

  async 'an explanation says when changed settings no longer apply, and set-up brings it back'({ lab }) {
    const { page } = await lab();
    await openQuestion(page, 2);
    await predict(page, /A short wait for the first word/);
    await applyAndWait(page, panel(page).locator('[data-testid="setup"]'));
    await explanation(page);
    const id = await resultId(page);
    await page.locator('aside').getByText('Chatbot reply', { exact: true }).click();
    await nextResult(page, id);
    const stale = panel(page).locator('[data-testid="explanation-stale"]');
    await stale.waitFor();
    assert.match(await stale.textContent(), /changed the workload/);
    assert.equal(await panel(page).locator('[data-testid="explanation"]').count(), 0);
    await applyAndWait(page, stale.getByRole('button', { name: 'Set up the lab again' }));
    await explanation(page);
  },

  async '?question=N opens the question set up; a bad number shows a notice'({ lab }) {
    const { page } = await lab({ query: 'question=3' });
    await page.locator('[data-question="3"][data-phase="observe"]').waitFor();
    await page.waitForFunction(() => /prompt=9000/.test(location.search));
    await ready(page);
    const text = await explanation(page);
    await quotes(page, text, ['ttft', 'goodput']);
    assert.match(page.url(), /question=3/);

    const two = await lab({ query: 'question=1' });
    await two.page.locator('[data-question="1"][data-step="0"]').waitFor();
    await applyAndWait(two.page, panel(two.page).locator('[data-testid="next-step"]'));
    assert.match(two.page.url(), /workload=summarize/);
    await explanation(two.page);

    const bad = await lab({ query: 'question=9&workload=report' });
    assert.match(await bad.page.locator('[data-testid="question-link-notice"]').textContent(), /numbered 1 to 5/);
    assert.match(bad.page.url(), /workload=report/, 'nothing was set up');
  },

  async 'axe: try-it panel with an explanation, light 1280 and dark 390'({ lab, root }) {
    for (const opts of [{ width: 1280, colorScheme: 'light' }, { width: 390, colorScheme: 'dark' }]) {
      const { page } = await lab({ ...opts, query: 'question=4' });
      await applyAndWait(page, panel(page).locator('[data-testid="next-step"]'));
      await explanation(page);
      // Charts dim while their sweep recomputes; check the settled page.
      await page.waitForSelector('main#results[data-sweep="done"]', { timeout: 30_000 });
      await axeClean(page, root);
    }
  },
};
