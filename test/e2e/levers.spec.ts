// "Which clock is broken" and the lever scenes in the built lab: the panel
// reads the run against its SLO with live numbers, a one-click lever pins the
// run and applies the lever, focus goes to the lab, and the panel says what
// changed; each scene runs predict → set up → observe → explain with the
// steps before pinned, and its explanation quotes the numbers on screen.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, ROOT, shotPath, test } from './fixtures';
import { axeClean, firstPanels, nextResult, readout, ready, recordFirstPanels, resultId, tabTo } from './helpers';

const diagnose = (page: Page) => page.locator('[data-testid="diagnose"]');
const scenes = (page: Page) => page.locator('[data-testid="lever-scenes"]');
const sceneDock = (page: Page) => page.locator('[data-testid="scene-dock"]');

/** The README's first loss (users) of draft, eagle, eagle3 and ngram at their defaults, from its crossover table (recomputed by test/cli/readme-levers.test.ts). */
function readmeFirstLosses(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  return ['draft', 'eagle', 'eagle3', 'ngram'].map((m) => {
    const row = readme.split('\n').find((l) => l.trim().startsWith(`| \`${m}\` (`));
    const loss = row?.split('|').at(-2)?.trim();
    if (!loss) throw new Error(`no README crossover row for ${m}`);
    return /^\d+$/.test(loss) ? loss : 'none';
  });
}

/** The `pin` value of the page's link, decoded into its own parameters, or null. */
const pinOf = (page: Page) => {
  const raw = new URL(page.url()).searchParams.get('pin');
  return raw === null ? null : new URLSearchParams(raw);
};

/** Focus on the lab, scrolled to its top (below the sticky section nav), and the scroll settled there. */
async function focusOnLab(page: Page) {
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('lab');
  const top = () => page.evaluate(() => Math.round(document.getElementById('lab')!.getBoundingClientRect().top));
  await expect.poll(async () => { const t = await top(); return t >= 0 && t < 120; }, { message: 'the lab is at the top of the window' }).toBe(true);
}

async function clickAndWait(page: Page, locator: ReturnType<Page['locator']>) {
  const before = await resultId(page);
  await locator.click();
  await nextResult(page, before);
}

test('the broken-clock panel reads the run with live numbers, and a one-click lever pins it, applies the lever and says what changed', async ({ lab }) => {
  const { page } = await lab({ width: 1280, height: 800, query: 'workload=chat&users=64' });
  const panel = diagnose(page);
  await expect(panel).toHaveAttribute('data-state', 'miss');
  await expect(panel).toHaveAttribute('data-broken', 'tpot');
  await expect(panel).toHaveAttribute('data-cause', 'pace');
  const tpotBefore = await readout(page, 'tpot');
  const headline = panel.locator('[data-testid="diagnosis-headline"]');
  await expect(headline).toContainText(`TPOT is the broken clock: ${tpotBefore} against a 50 ms target, ${Math.round((Number(tpotBefore.replace(' ms', '')) - 50) * 10) / 10} ms`);
  await expect(panel.locator('[data-clock="tpot"] [data-blamed]')).toHaveAttribute('data-part', 'pace');
  await expect(panel.locator('[data-testid="levers"] [data-lever]')).toHaveCount(3);
  const headlineBefore = await headline.textContent();
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('diagnose-miss-1280-light.png') });
  await axeClean(page);

  // One press, from the keyboard: the section link, Tab to the lever, Enter. Pinned and applied, focus on the lab, the change in the dock.
  expect(pinOf(page)).toBeNull();
  await page.locator('[data-testid="section-nav"]').getByRole('link', { name: 'Diagnose' }).click();
  await expect.poll(() => new URL(page.url()).hash).toBe('#diagnose');
  const tryReplicas = panel.getByRole('button', { name: /^Try it: Double the replicas/ });
  await tabTo(page, tryReplicas);
  const id = await resultId(page);
  await page.keyboard.press('Enter');
  await nextResult(page, id);
  await focusOnLab(page);
  const pin = pinOf(page);
  expect(pin, 'the run before the lever is pinned in the link').not.toBeNull();
  expect(pin!.get('users')).toBe('64');
  expect(pin!.get('replicas')).toBeNull();
  expect(new URL(page.url()).searchParams.get('replicas')).toBe('2');
  const tpotAfter = await readout(page, 'tpot');
  expect(tpotAfter).not.toBe(tpotBefore);
  const dockText = page.locator('[data-testid="diagnose-dock-text"]');
  await expect(dockText).toContainText(`TPOT ${tpotBefore} → ${tpotAfter}`);
  const watch = await page.evaluate(() => document.body.getAttribute('data-lesson-watch'));
  expect(watch?.split(' ')).toContain('tpot');
  await page.screenshot({ path: shotPath('diagnose-lever-1280-light.png') });

  // The panel now diagnoses the run with the lever, and says what it changed.
  await expect(headline).not.toHaveText(headlineBefore!);
  await expect(headline).toContainText(tpotAfter);
  const change = panel.locator('[data-testid="lever-change"]');
  await expect(change).toContainText(`TPOT ${tpotBefore} → ${tpotAfter}`);
  await expect(change).toHaveAttribute('data-direction', 'better');
  await page.locator('[data-testid="diagnose-back"]').click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^What the lever changed/);
  await expect(page.locator('[data-testid="diagnose-dock"]')).toHaveCount(0);
  await axeClean(page);

  // Another setting: the comparison says it no longer holds; unpinning clears the link's pin.
  await clickAndWait(page, page.locator('[data-testid="lesson-controls"]').getByText('Idle', { exact: true }));
  await expect(change).toContainText('The settings have changed since you tried this lever');
  await change.getByRole('button', { name: 'Unpin the baseline' }).click();
  await expect.poll(() => pinOf(page)).toBeNull();
});

test('the panel follows the live run: a TTFT miss from the queue, a TPOT miss from prefill interference, and all targets met', async ({ lab }) => {
  const { page } = await lab({ query: 'workload=chat&rate=4' });
  const panel = diagnose(page);
  await expect(panel).toHaveAttribute('data-broken', 'ttft');
  await expect(panel).toHaveAttribute('data-cause', 'queue');
  await expect(panel.locator('[data-testid="diagnosis-headline"]')).toContainText(await readout(page, 'ttft'));
  await expect(panel.locator('[data-testid="diagnosis-body"]')).toContainText(await readout(page, 'ttft-queue'));
  await expect(panel.locator('[data-lever]').first()).toHaveAttribute('data-lever', 'replicas');

  const other = await lab({ query: 'prompt=4000&output=200&users=16&tpotSlo=50&ttftSlo=2000', width: 390, height: 844 });
  const p2 = diagnose(other.page);
  await expect(p2).toHaveAttribute('data-cause', 'interference');
  await expect(p2.locator('[data-lever]').first()).toHaveAttribute('data-lever', 'split');
  await p2.scrollIntoViewIfNeeded();
  await other.page.screenshot({ path: shotPath('diagnose-interference-390-light.png') });

  const met = await lab({ query: 'workload=chat', colorScheme: 'dark' });
  const p3 = diagnose(met.page);
  await expect(p3).toHaveAttribute('data-state', 'met');
  await expect(p3.locator('[data-testid="diagnosis-headline"]')).toHaveText(new RegExp(`^Every request meets its targets\\. TPOT would break first: ${(await readout(met.page, 'tpot')).replace('.', '\\.')} of its 50 ms target`));
  await expect(p3.locator('[data-testid="diagnosis-body"]')).toContainText('its TPOT to miss');
  await p3.scrollIntoViewIfNeeded();
  await met.page.screenshot({ path: shotPath('diagnose-met-1280-dark.png') });
  // Changing the load changes the words: busy chat is still in time for the drawn request.
  await clickAndWait(met.page, met.page.locator('[data-testid="lesson-controls"]').getByText('Busy', { exact: true }));
  await expect(p3.locator('[data-testid="diagnosis-headline"]')).not.toContainText('Every request meets');
  await axeClean(met.page);

  // Settings the engine cannot run: the panel says so rather than diagnosing the run before them, and stays legible.
  const refused = await lab({ query: 'model=llama-3.1-8b&gpu=l4&precision=bf16&tp=1', colorScheme: 'dark' });
  await expect(diagnose(refused.page)).toHaveAttribute('data-state', /.+/);
  await refused.page.getByRole('combobox', { name: 'Model', exact: true }).selectOption('llama-3.1-70b');
  await ready(refused.page, 'error');
  await expect(diagnose(refused.page).locator('[data-testid="diagnosis-none"]')).toHaveText('The lab cannot run these settings, so there is nothing to diagnose.');
  await expect(diagnose(refused.page).locator('[data-testid="diagnosis-headline"]')).toHaveCount(0);
  await axeClean(refused.page);
});

/**
 * Opens scene `n` from its link, checks it is the first scene panel the page
 * rendered (never scene 1 first) and at its prediction with the lab
 * untouched, and commits the lesson's answer from the keyboard alone: the
 * link focuses the scene's heading, Tab reaches the choices, the arrows
 * pick one, Tab reaches the commit button, Enter commits.
 */
async function startScene(page: Page, n: number, answer: RegExp) {
  const view = scenes(page).locator(`[data-scene="${n}"]`);
  await expect(view).toHaveAttribute('data-phase', 'predict');
  // The link lands on its own scene: the first scene panel the page ever rendered is this one (never scene 1 first).
  expect((await firstPanels(page)).scene, `the scene panels rendered, in order, for ?scene=${n}`).toEqual([String(n)]);
  const heading = page.locator('[data-testid="scene-heading"]');
  await expect(heading).toBeInViewport();
  await expect(heading).toBeFocused();
  await expect.poll(() => heading.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(200);
  await expect(scenes(page).locator('[data-testid="scene-explanation"]')).toHaveCount(0);
  await tabTo(page, view.getByRole('radio').first(), 3);
  const wanted = view.getByRole('radio', { name: answer });
  for (let i = 0; i < 4 && !(await wanted.isChecked()); i++) await page.keyboard.press('ArrowDown');
  await expect(wanted).toBeChecked();
  await tabTo(page, view.locator('[data-testid="commit"]'), 2);
  const id = await resultId(page);
  await page.keyboard.press('Enter');
  await nextResult(page, id);
  await expect(view).toHaveAttribute('data-phase', 'observe');
  await expect(view).toHaveAttribute('data-step', '0');
  await focusOnLab(page);
  await expect.poll(() => pinOf(page), { message: 'the first step pins nothing' }).toBeNull();
  return view;
}

async function nextSceneStep(page: Page, step: number, pinned: boolean) {
  await clickAndWait(page, sceneDock(page).locator('[data-testid="scene-next"]'));
  await expect(scenes(page).locator('[data-scene]')).toHaveAttribute('data-step', String(step));
  await focusOnLab(page);
  // The link is written a moment after the settings (URL writes are coalesced): poll it.
  if (pinned) await expect.poll(() => pinOf(page), { message: `step ${step + 1} pins the step before` }).not.toBeNull();
  else await expect.poll(() => pinOf(page), { message: `step ${step + 1} pins nothing` }).toBeNull();
}

async function explainScene(page: Page): Promise<string> {
  await sceneDock(page).locator('[data-testid="scene-looked"]').click();
  const el = scenes(page).locator('[data-testid="scene-explanation"]');
  await el.waitFor({ timeout: 120_000 });
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe('What the lab shows');
  await expect(scenes(page).locator('[data-testid="scene-feedback"]')).toHaveText(/that is what the lab shows/);
  return ((await el.textContent()) ?? '').trim();
}

test('scene 1, the long summary: prefix caching cuts TTFT through prefill, TPOT stays; the explanation quotes both runs', async ({ lab }) => {
  const { page } = await lab({ width: 1280, height: 800, query: 'workload=report&scene=1', init: recordFirstPanels });
  expect(new URL(page.url()).searchParams.get('workload'), 'the link alone does not set the lab up').toBe('report');
  await startScene(page, 1, /TTFT falls a lot/);
  const before = { ttft: await readout(page, 'ttft'), prefill: await readout(page, 'ttft-prefill'), tpot: await readout(page, 'tpot') };
  await nextSceneStep(page, 1, true);
  expect(pinOf(page)!.get('prefixCacheShare')).toBeNull();
  expect(new URL(page.url()).searchParams.get('prefixCacheShare')).toBe('0.8');
  await page.screenshot({ path: shotPath('scene-1-step-2-1280-light.png') });
  const text = await explainScene(page);
  await expect(scenes(page).locator('[data-testid="scene-explanation"]')).toHaveAttribute('data-cause', 'prefill');
  expect(text).toContain(`TTFT went from ${before.ttft} to ${await readout(page, 'ttft')}`);
  expect(text).toContain(`${before.prefill} → ${await readout(page, 'ttft-prefill')}`);
  expect(text).toContain(`TPOT stayed at ${await readout(page, 'tpot')}`);
  expect(await readout(page, 'tpot')).toBe(before.tpot);
  await expect(scenes(page).locator('[data-testid="scene-table"] [data-step-col]')).toHaveCount(2);
  await scenes(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('scene-1-explained-1280-light.png') });
  await axeClean(page);
});

test('scene 2, the long report: speculative decoding gains at 1 user and loses at 64 on the lesson server', async ({ lab }) => {
  const { page } = await lab({ width: 390, height: 844, colorScheme: 'dark', query: 'scene=2', init: recordFirstPanels });
  await startScene(page, 2, /A big gain at one user/);
  const tpot1 = await readout(page, 'tpot');
  await nextSceneStep(page, 1, true);
  const tpot1spec = await readout(page, 'tpot');
  await nextSceneStep(page, 2, true);
  // As the scene says, each switch pins the run before it: here the one-user speculative run.
  expect(pinOf(page)!.get('specTokens')).toBe('4');
  expect(pinOf(page)!.get('users')).toBeNull();
  const tpot64 = await readout(page, 'tpot');
  await nextSceneStep(page, 3, true);
  await page.screenshot({ path: shotPath('scene-2-step-4-390-dark.png') });
  const text = await explainScene(page);
  const tpot64spec = await readout(page, 'tpot');
  await expect(scenes(page).locator('[data-testid="scene-explanation"]')).toHaveAttribute('data-cause', 'pace');
  expect(text).toContain(`TPOT went from ${tpot1} to ${tpot1spec}`);
  expect(text).toContain(`TPOT went from ${tpot64} to ${tpot64spec}: a loss`);
  await expect(scenes(page).locator('[data-testid="scene-table"] [data-step-col]')).toHaveCount(4);
  await scenes(page).locator('[data-testid="scene-explanation-box"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('scene-2-explained-390-dark.png') });
  // Under the explanation, each method on an H100, swept in a worker: its line and where it turns into a loss, as the README's table says.
  const chart = scenes(page).locator('[data-testid="crossover-chart"]');
  await expect(chart.locator('[data-testid="crossover-sentence"][data-complete]')).toBeVisible({ timeout: 120_000 });
  await expect(chart.locator('[data-method]')).toHaveCount(4);
  await expect(chart.locator('[data-crossing]')).toHaveCount(4);
  const said = await chart.locator('[data-testid="crossover-sentence"] li').allTextContents();
  expect(said.map((t) => /is a loss from (\d+) \(/.exec(t)?.[1] ?? 'none')).toEqual(readmeFirstLosses());
  // A wheel turn is the reader taking the scroll over: the page stops bringing the scene's heading back into view (scrollBelowNav).
  await page.mouse.wheel(0, 1);
  // Sections above may still settle their heights and move it: scroll until it stays in view.
  await expect(async () => {
    await chart.scrollIntoViewIfNeeded();
    await expect(chart).toBeInViewport({ timeout: 1000 });
  }).toPass();
  await chart.screenshot({ path: shotPath('scene-2-crossover-390-dark.png') });
  await axeClean(page);
});

test('scene 3, twice the traffic: split prefill and decode keep goodput at the same GPUs and throughput, then each pool at its own TP', async ({ lab }) => {
  const { page } = await lab({ width: 1280, height: 800, colorScheme: 'dark', query: 'scene=3', init: recordFirstPanels });
  await startScene(page, 3, /Split them/);
  await nextSceneStep(page, 1, true);
  const replicas = { goodput: await readout(page, 'goodput'), share: await readout(page, 'slo-share') };
  await nextSceneStep(page, 2, true);
  expect(pinOf(page)!.get('replicas')).toBe('4');
  expect(pinOf(page)!.get('rate')).toBe('20');
  const split = { goodput: await readout(page, 'goodput'), tpot: await readout(page, 'tpot') };
  await nextSceneStep(page, 3, true);
  // The equal split is the baseline now; the link runs the decode pool at TP 2.
  expect(pinOf(page)!.get('prefillGpus')).toBe('2');
  expect(pinOf(page)!.get('decodeTp')).toBeNull();
  expect(new URL(page.url()).searchParams.get('decodeTp')).toBe('2');
  const text = await explainScene(page);
  await expect(scenes(page).locator('[data-testid="scene-explanation"]')).toHaveAttribute('data-cause', 'interference');
  expect(text).toContain(`goodput ${replicas.goodput}`);
  expect(text).toContain(`goodput ${split.goodput}`);
  expect(text).toContain('about the same raw throughput');
  expect(text).toContain(`As 2 prefill at TP 1 + 1 decode at TP 2`);
  expect(text).toContain(`TPOT falls from ${split.tpot} to ${await readout(page, 'tpot')}`);
  await expect(scenes(page).locator('[data-testid="scene-table"] [data-step-col]')).toHaveCount(4);
  await scenes(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('scene-3-explained-1280-dark.png') });
  await axeClean(page);
});

test('scene links: a bad number gets a notice; answer=1 steps through by itself to the explanation', async ({ lab }) => {
  const { page } = await lab({ query: 'scene=9' });
  const notice = scenes(page).locator('[data-testid="scene-link-notice"]');
  await expect(notice).toContainText('The link asked for lever scene "9", but the scenes are numbered 1 to 3');
  await expect(notice, 'a bad scene link brings its notice into view').toBeInViewport();
  await expect(page.locator('[data-testid="question-link-notice"]')).toHaveCount(0);
  const answered = await lab({ width: 390, height: 844, query: 'scene=1&answer=1' });
  const el = scenes(answered.page).locator('[data-testid="scene-explanation"]');
  await el.waitFor({ timeout: 120_000 });
  await expect(el).toHaveAttribute('data-cause', 'prefill');
  await expect(scenes(answered.page).locator('[data-testid="scene-answer-note"]')).toBeVisible();
  await expect(answered.page.locator('[data-testid="question-link-notice"]'), 'answer= belongs to the scene here').toHaveCount(0);
  await el.scrollIntoViewIfNeeded();
  await answered.page.screenshot({ path: shotPath('scene-1-answer-390-light.png') });
});
