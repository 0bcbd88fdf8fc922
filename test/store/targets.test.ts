import { describe, expect, it } from 'vitest';
import { settingsFromQuery, settingsToQuery } from '../../src/settings/parse';
import { patchSettings } from '../../src/settings/patch';
import { DEFAULT_SETTINGS } from '../../src/settings/schema';
import { createLabStore } from '../../src/store';
import { fakeWindow } from './fakeWindow';

describe('targets follow the workload', () => {
  const cases = [
    ['autocomplete', 100, 50],
    ['chat', 500, 50],
    ['summarize', 10_000, 200],
    ['report', 10_000, 200],
  ] as const;
  for (const [workload, ttft, tpot] of cases) {
    it(`${workload}: TTFT ${ttft} ms, TPOT ${tpot} ms, and the link does not spell them out`, () => {
      const { settings } = settingsFromQuery(`workload=${workload}`);
      expect([settings.ttftSlo, settings.tpotSlo, settings.targetsFollowWorkload]).toEqual([ttft, tpot, true]);
      expect(settingsToQuery(settings)).not.toMatch(/Slo=/);
    });
  }

  it('a link that sets a target keeps it, whatever the workload, and records both', () => {
    const { settings } = settingsFromQuery('workload=autocomplete&ttftSlo=250');
    expect([settings.ttftSlo, settings.tpotSlo, settings.targetsFollowWorkload]).toEqual([250, 50, false]);
    const q = settingsToQuery(settings);
    expect(q).toContain('ttftSlo=250');
    expect(q).toContain('tpotSlo=50');
    expect(settingsFromQuery(q).settings).toEqual(settings);
  });

  it('picking a workload moves the targets until the user sets one; then they stay', () => {
    let s = patchSettings(DEFAULT_SETTINGS, { workload: 'autocomplete' });
    expect(s.ttftSlo).toBe(100);
    s = patchSettings(s, { workload: 'summarize' });
    expect([s.ttftSlo, s.tpotSlo]).toEqual([10_000, 200]);
    s = patchSettings(s, { ttftSlo: 800 });
    expect(s.targetsFollowWorkload).toBe(false);
    s = patchSettings(s, { workload: 'autocomplete' });
    expect([s.ttftSlo, s.tpotSlo]).toEqual([800, 200]);
    s = patchSettings(s, { targetsFollowWorkload: true });
    expect([s.ttftSlo, s.tpotSlo]).toEqual([100, 50]);
  });

  it('the store writes an explicit choice into the link, and not the workload\'s own', () => {
    const win = fakeWindow('?workload=report');
    const store = createLabStore(win);
    store.getState().updateSettings({ seed: 3 });
    expect(win.location.search).not.toMatch(/Slo=/);
    store.getState().updateSettings({ tpotSlo: null });
    expect(win.location.search).toContain('tpotSlo=off');
    expect(win.location.search).toContain('ttftSlo=10000');
  });
});
