/* global document */
// Streaming you can feel: nothing during TTFT, then text at the simulated
// token times beside a reader; chunks and where TTFT is measured; pause,
// replay, speed; reduced motion shows the end state with steps instead.
import assert from 'node:assert/strict';
import { axeClean } from './harness.mjs';

const panel = (page) => page.locator('[data-testid="streaming"]');
const phase = (page) => panel(page).locator('[data-phase]').first().getAttribute('data-phase');
const ahead = async (page) => Number(await panel(page).locator('[data-testid="stream-ahead"]').getAttribute('data-ahead'));

export const tests = {
  async 'the long report: a short wait, then the model races ahead of the reader'({ lab, root }) {
    const { page } = await lab({ query: 'workload=report' });
    const p = panel(page);
    assert.equal(await phase(page), 'waiting');
    assert.match(await p.locator('[data-testid="waiting"]').textContent(), /Waiting for the first token/);
    assert.match(await p.locator('[data-testid="writer-lane"]').textContent(), /0 \/ 1,\d{3} tokens/);
    await p.getByText('10×', { exact: true }).click();
    await p.getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="streaming"] [data-phase]')?.getAttribute('data-phase') === 'streaming');
    await page.waitForTimeout(1500);
    const first = await ahead(page);
    assert.ok(first > 100, `ahead by ${first} tokens after ~15 simulated seconds`);
    assert.match(await p.locator('[data-testid="stream-ahead"]').textContent(), /tokens ahead of the reader/);
    assert.match(await p.locator('[data-testid="stream-status"]').textContent(), /faster than the reader/);
    await p.getByRole('button', { name: 'Pause' }).click();
    const clock = await p.locator('[data-testid="stream-clock"]').textContent();
    await page.waitForTimeout(400);
    assert.equal(await p.locator('[data-testid="stream-clock"]').textContent(), clock, 'paused: the clock stops');
    assert.match(clock, /10× speed/);
    await axeClean(page, root);
    await p.getByRole('button', { name: 'Replay' }).click();
    await page.waitForTimeout(50);
    assert.ok(['waiting', 'streaming'].includes(await phase(page)));
  },

  async 'chunks of 5: TTFT is the first chunk with text, not the role-only event; TPOT counts tokens'({ lab }) {
    const { page } = await lab({ query: 'workload=chat' });
    const p = panel(page);
    await p.getByText('5 tokens', { exact: true }).click();
    const events = p.locator('[data-testid="first-events"]');
    const role = events.locator('[data-event="role"]');
    assert.match(await role.textContent(), /no text.*not measured here/);
    assert.match(await role.getAttribute('class'), /text-muted/, 'the role-only event is greyed');
    const first = events.locator('[data-event="first-content"]');
    assert.match(await first.textContent(), /\(5 tokens\).*TTFT measured here/);
    assert.match(await events.locator('[data-testid="measured-ttft"]').textContent(), /held it until its chunk of 5 was full/);
    assert.match(await events.locator('[data-testid="chunk-count"]').textContent(), /about 5× too slow/);
    // Chunk boundaries in the writer lane: each chunk is its own marked span.
    await p.getByRole('button', { name: 'Next event' }).click();
    await p.getByRole('button', { name: 'Next event' }).click();
    assert.equal(await p.locator('[data-testid="writer-lane"] [data-chunk]').count(), 1);
  },

  async 'reduced motion: the end state, with steps and a scrubber instead of animation'({ lab, root }) {
    const { page } = await lab({ query: 'workload=report', reducedMotion: 'reduce', width: 390 });
    const p = panel(page);
    assert.equal(await p.locator('[data-reduced-motion]').first().getAttribute('data-reduced-motion'), 'true');
    assert.equal(await phase(page), 'done');
    assert.equal(await p.getByRole('button', { name: 'Play', exact: true }).count(), 0, 'no autoplay control');
    await p.getByRole('button', { name: 'Back to the start' }).click();
    assert.equal(await phase(page), 'waiting');
    await p.getByRole('button', { name: 'Next event' }).click();
    assert.match(await p.locator('[data-testid="stream-status"]').textContent(), /carries no text/);
    await p.getByRole('button', { name: 'Next event' }).click();
    assert.equal(await phase(page), 'streaming');
    const slider = p.getByRole('slider', { name: 'Position' });
    await slider.focus();
    await page.keyboard.press('End');
    assert.equal(await phase(page), 'done');
    await axeClean(page, root);
  },
};
