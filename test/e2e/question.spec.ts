// The five try-it questions in the built lab: predict, set up, check that the
// live readouts show the lesson's answer, and that the explanation quotes the
// numbers on screen. Also ?question=N links and the "no longer applies" notice.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeClean, nextResult, readNumber, readout, ready, resultId } from './helpers';
import { applyAndWait, explanation, openQuestion, panel, predict } from './question-helpers';

/** Asserts the explanation quotes each readout's text as shown on the page. */
async function quotes(page: Page, text: string, metrics: string[]) {
  for (const m of metrics) {
    const shown = await readout(page, m);
    expect(text, `the explanation quotes ${m} "${shown}"`).toContain(shown);
  }
}

async function assertHighlighted(page: Page, metrics: string[]) {
  const watch = (await page.evaluate(() => document.body.getAttribute('data-lesson-watch'))) ?? '';
  for (const m of metrics) {
    expect(watch.split(' '), `${m} is watched (${watch})`).toContain(m);
    const style = await page.locator(`[data-metric="${m}"]`).first().evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(style, `${m} is outlined`).toBe('dashed');
  }
}

const progress = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('latency-lab:progress:v1') ?? 'null'));

test('Q1: chat → summarize: TTFT grows several-fold, TPOT within 10%, explanation quotes both', async ({ lab }) => {
  // Start elsewhere, so setting up visibly moves the lab.
  const { page } = await lab({ query: 'workload=report&load=busy' });
  await openQuestion(page, 1);
  await expect(panel(page).locator('[data-testid="setup"]'), 'no set-up button before a prediction').toHaveCount(0);
  await predict(page, /TTFT, the wait/);
  await applyAndWait(page, panel(page).locator('[data-testid="setup"]'));
  expect(page.url()).toMatch(/workload=chat/);
  await assertHighlighted(page, ['ttft', 'tpot']);
  const chat = { ttft: await readNumber(page, 'ttft'), tpot: await readNumber(page, 'tpot'), ttftText: await readout(page, 'ttft'), tpotText: await readout(page, 'tpot') };
  await applyAndWait(page, panel(page).locator('[data-testid="next-step"]'));
  expect(page.url()).toMatch(/workload=summarize/);
  const ttft = await readNumber(page, 'ttft');
  const tpot = await readNumber(page, 'tpot');
  expect(ttft / chat.ttft, `TTFT ${chat.ttft} → ${ttft} ms`).toBeGreaterThan(4);
  expect(Math.abs(tpot / chat.tpot - 1), `TPOT ${chat.tpot} → ${tpot} ms`).toBeLessThan(0.1);
  const text = await explanation(page);
  await quotes(page, text, ['ttft', 'tpot']);
  expect(text.includes(chat.ttftText) && text.includes(chat.tpotText), `quotes the chat numbers too: ${text}`).toBe(true);
  await expect(panel(page).locator('[data-testid="prediction-feedback"]')).toHaveText(/that is what the lab shows/);
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('latency-lab:progress:v1') ?? '{}').completed?.includes(1));
  const saved = await progress(page);
  expect(saved.predictions['1']).toEqual({ value: 0, correct: true });
  await expect(panel(page).locator('[data-testid="progress-summary"]')).toHaveText(/Done: 1 of 5 questions/);
  await expect(panel(page).getByRole('button', { name: /^Question 1: .*\(done\)$/ })).toHaveText(/✓/);
});

test('Q2: the 45-second report starts fast and streams faster than anyone reads', async ({ lab }) => {
  const { page } = await lab();
  await openQuestion(page, 2);
  await predict(page, /A short wait for the first word/);
  await applyAndWait(page, panel(page).locator('[data-testid="setup"]'));
  await assertHighlighted(page, ['ttft', 'tpot', 'e2e', 'user-throughput']);
  const e2e = await readNumber(page, 'e2e');
  const ttft = await readNumber(page, 'ttft');
  const user = await readNumber(page, 'user-throughput');
  const tokens = await readNumber(page, 'output-tokens');
  expect(e2e > 35_000 && ttft < 200, `E2E ${e2e} ms, TTFT ${ttft} ms`).toBe(true);
  expect(user, `per-user pace ${user} tok/s beats reading`).toBeGreaterThan(5 * 4.5);
  expect(tokens / 4.5, 'reading takes longer than writing').toBeGreaterThan(e2e / 1000);
  const text = await explanation(page);
  await quotes(page, text, ['e2e', 'ttft', 'tpot', 'user-throughput']);
  expect(text, 'quotes the output tokens').toContain(await readout(page, 'output-tokens'));
});

test('Q3: a completed request that misses TTFT counts for throughput, not goodput', async ({ lab }) => {
  const { page } = await lab();
  await openQuestion(page, 3);
  await predict(page, 'Toward throughput, but not toward goodput');
  await applyAndWait(page, panel(page).locator('[data-testid="setup"]'));
  expect(await readout(page, 'verdict')).toMatch(/^Missed/);
  expect(await readNumber(page, 'ttft')).toBeGreaterThan(500);
  const text = await explanation(page);
  await quotes(page, text, ['ttft', 'system-throughput', 'goodput']);
  const rps = Number(/completed request: ([\d.]+) req\/s/.exec(text)?.[1]);
  const goodput = await readNumber(page, 'goodput');
  expect(rps > goodput && goodput > 0, `throughput ${rps} req/s > goodput ${goodput} req/s > 0`).toBe(true);
});

test('Q4: busy raises system throughput while per-user TTFT and TPOT rise', async ({ lab }) => {
  const { page } = await lab({ query: 'workload=report' });
  await openQuestion(page, 4);
  await predict(page, /Each user now waits in a queue/);
  await applyAndWait(page, panel(page).locator('[data-testid="setup"]'));
  const idle = { sys: await readNumber(page, 'system-throughput'), ttft: await readNumber(page, 'ttft'), tpot: await readNumber(page, 'tpot'), sysText: await readout(page, 'system-throughput') };
  await applyAndWait(page, panel(page).locator('[data-testid="next-step"]'));
  expect(page.url()).toMatch(/load=busy/);
  const sys = await readNumber(page, 'system-throughput');
  expect(sys, `system ${idle.sys} → ${sys} tok/s`).toBeGreaterThan(2 * idle.sys);
  expect(await readNumber(page, 'ttft'), 'TTFT rose').toBeGreaterThan(idle.ttft);
  expect(await readNumber(page, 'tpot'), 'TPOT rose').toBeGreaterThan(idle.tpot);
  const text = await explanation(page);
  await quotes(page, text, ['system-throughput', 'ttft', 'tpot', 'user-throughput']);
  expect(text, 'quotes the idle throughput').toContain(idle.sysText);
});

test('Q5: a comfortable mean TTFT hides a p99 many times larger', async ({ lab }) => {
  const { page } = await lab();
  await openQuestion(page, 5);
  await predict(page, 400);
  await applyAndWait(page, panel(page).locator('[data-testid="setup"]'));
  expect(page.url()).toMatch(/rate=2.6/);
  const text = await explanation(page);
  const ms = (s: string) => (s.endsWith(' s') ? Number(s.slice(0, -2)) * 1000 : Number(s.replace(/[, ]|ms/g, '')));
  const m = /mean TTFT is ([\d.,]+ m?s) and the median ([\d.,]+ m?s).*p95 is ([\d.,]+ m?s) and p99 is ([\d.,]+ m?s)/.exec(text);
  expect(m, text).not.toBeNull();
  const [mean, , , p99] = m!.slice(1).map(ms);
  expect(mean, `mean ${mean} ms under the 500 ms target`).toBeLessThan(500);
  expect(p99 / mean, `p99 ${p99} ms vs mean ${mean} ms`).toBeGreaterThan(8);
  // The card's "median / p95" figure shows the same numbers the explanation quotes.
  const figure = (await page.locator('#ttft-card-h').locator('xpath=ancestor::article').locator('dd').filter({ hasText: /ms \/ / }).textContent()) ?? '';
  expect(figure).toMatch(/ms \/ /);
  for (const part of figure.split(' / ')) expect(text, `quotes "${part.trim()}" from the card`).toContain(part.trim());
  await quotes(page, text, ['ttft']);
  await expect(panel(page).locator('[data-testid="prediction-feedback"]')).toHaveText(/more than your guess/);
});

test('an explanation says when changed settings no longer apply, and set-up brings it back', async ({ lab }) => {
  const { page } = await lab();
  await openQuestion(page, 2);
  await predict(page, /A short wait for the first word/);
  await applyAndWait(page, panel(page).locator('[data-testid="setup"]'));
  await explanation(page);
  const id = await resultId(page);
  await page.locator('aside').getByText('Chatbot reply', { exact: true }).click();
  await nextResult(page, id);
  const stale = panel(page).locator('[data-testid="explanation-stale"]');
  await expect(stale).toHaveText(/changed the workload/);
  await expect(panel(page).locator('[data-testid="explanation"]')).toHaveCount(0);
  await applyAndWait(page, stale.getByRole('button', { name: 'Set up the lab again' }));
  await explanation(page);
});

test('?question=N opens the question set up; a bad number shows a notice', async ({ lab }) => {
  const { page } = await lab({ query: 'question=3' });
  await page.locator('[data-question="3"][data-phase="observe"]').waitFor();
  await page.waitForFunction(() => /prompt=9000/.test(location.search));
  await ready(page);
  const text = await explanation(page);
  await quotes(page, text, ['ttft', 'goodput']);
  expect(page.url()).toMatch(/question=3/);

  const two = await lab({ query: 'question=1' });
  await two.page.locator('[data-question="1"][data-step="0"]').waitFor();
  await applyAndWait(two.page, panel(two.page).locator('[data-testid="next-step"]'));
  expect(two.page.url()).toMatch(/workload=summarize/);
  await explanation(two.page);

  const bad = await lab({ query: 'question=9&workload=report' });
  await expect(bad.page.locator('[data-testid="question-link-notice"]')).toHaveText(/numbered 1 to 5/);
  expect(bad.page.url(), 'nothing was set up').toMatch(/workload=report/);
});

test('axe: try-it panel with an explanation, light 1280 and dark 390', async ({ lab }) => {
  for (const opts of [{ width: 1280, colorScheme: 'light' }, { width: 390, colorScheme: 'dark' }] as const) {
    const { page } = await lab({ ...opts, query: 'question=4' });
    await applyAndWait(page, panel(page).locator('[data-testid="next-step"]'));
    await explanation(page);
    // Charts dim while their sweep recomputes; check the settled page.
    await page.waitForSelector('main#results[data-sweep="done"]', { timeout: 30_000 });
    await axeClean(page);
  }
});
