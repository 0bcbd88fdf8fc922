import assert from 'node:assert/strict';
import { act, readNumber, urlMatches } from './harness.mjs';

async function snapshot(page) {
  return {
    ttft: await readNumber(page, 'ttft'),
    tpot: await readNumber(page, 'tpot'),
    system: await readNumber(page, 'system-throughput'),
    user: await readNumber(page, 'user-throughput'),
  };
}

export const tests = {
  async 'going busy raises TTFT and TPOT while system throughput climbs'({ lab }) {
    const { page } = await lab();
    const idle = await snapshot(page);
    await act(page, () => page.getByText('Busy', { exact: true }).click());
    await urlMatches(page, /load=busy/);
    const busy = await snapshot(page);
    assert.ok(busy.ttft > idle.ttft, `TTFT ${idle.ttft} → ${busy.ttft}`);
    assert.ok(busy.tpot > idle.tpot, `TPOT ${idle.tpot} → ${busy.tpot}`);
    assert.ok(busy.system > 5 * idle.system, `system ${idle.system} → ${busy.system} tok/s`);
    assert.ok(busy.user < idle.user, `per-user pace ${idle.user} → ${busy.user} tok/s`);
    // Lesson figures: one user ≈ 33 tok/s, 16 users ≈ 380 tok/s.
    assert.ok(Math.abs(idle.system - 33) < 5 && Math.abs(busy.system - 380) < 40, `${idle.system} and ${busy.system}`);
    await act(page, () => page.getByText('Idle', { exact: true }).click());
    assert.equal(await readNumber(page, 'ttft'), idle.ttft);
  },

  async 'the users slider works from the keyboard'({ lab }) {
    const { page } = await lab();
    const slider = page.getByRole('slider', { name: 'Concurrent users' });
    await slider.focus();
    for (let i = 0; i < 5; i++) await slider.press('ArrowRight');
    await page.waitForSelector('main#results[data-state="ready"]');
    const users = Number(await page.getByRole('textbox', { name: 'Users' }).inputValue());
    assert.ok(users >= 6, `five steps right from 1 user reach ${users}`);
    await urlMatches(page, new RegExp(`users=${users}(&|$)`));
  },

  async 'open loop: an arrival rate and burstiness'({ lab }) {
    const { page } = await lab();
    await act(page, () => page.getByText('Arrival rate', { exact: true }).click());
    await urlMatches(page, /rate=1(&|$)/);
    const rate = page.getByRole('textbox', { name: 'Rate' });
    await act(page, async () => {
      await rate.fill('3');
      await rate.press('Enter');
    });
    await urlMatches(page, /rate=3/);
    const burst = page.getByRole('textbox', { name: 'Burstiness' });
    await act(page, async () => {
      await burst.fill('0.2');
      await burst.press('Enter');
    });
    await urlMatches(page, /burstiness=0.2/);
    assert.ok((await readNumber(page, 'system-throughput')) > 0);
  },
};
