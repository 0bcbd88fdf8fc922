/** Lever settings, the custom server and the pinned baseline, through the schema table. */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/engine/simulate';
import { settingsFromQuery, settingsToQuery } from '../../src/settings/parse';
import { compareScenarios, MAX_PIN_LENGTH, parsePin, pinFromQuery, queryWithPin, settingChanges } from '../../src/settings/pin';
import { DEFAULT_SETTINGS, type Settings } from '../../src/settings/schema';
import { scenarioFromSettings } from '../../src/settings/scenario';
import { workloadTargets } from '../../src/settings/targets';

const settings = (query: string): Settings => {
  const p = settingsFromQuery(query);
  expect(p.notices).toEqual([]);
  return p.settings;
};

describe('lever settings', () => {
  it('leave the scenario without levers when every one is off', () => {
    const built = scenarioFromSettings({ ...DEFAULT_SETTINGS });
    expect(built.ok && built.scenario.levers).toBeUndefined();
  });

  it('become the engine\'s levers, only those that are on', () => {
    const built = scenarioFromSettings(settings('prefixCacheShare=0.5&specTokens=4&specAcceptance=0.6&replicas=3'));
    if (!built.ok) throw new Error(built.message);
    expect(built.scenario.levers).toEqual({ prefixCacheShare: 0.5, speculative: { tokens: 4, acceptance: 0.6, draftCost: 0.13 }, replicas: 3 });
  });

  it('count disaggregated GPUs in instances of tp GPUs', () => {
    const built = scenarioFromSettings(settings('server=hardware&model=llama-3.1-70b&precision=fp8&tp=2&prefillGpus=2&decodeGpus=4'));
    if (!built.ok) throw new Error(built.message);
    expect(built.scenario.levers?.disaggregated).toEqual({ prefillInstances: 1, decodeInstances: 2 });
  });

  it.each([
    ['prefillGpus=2', 'decode-gpus', /both/],
    ['decodeGpus=2', 'prefill-gpus', /both/],
    ['server=hardware&model=llama-3.1-70b&precision=fp8&tp=2&prefillGpus=3&decodeGpus=2', 'prefill-gpus', /multiple of 2/],
    ['prefillGpus=1&decodeGpus=1&replicas=2', 'replicas', /1 replica/],
    ['server=custom&prefillGpus=1&decodeGpus=1', 'prefill-gpus', /cannot run disaggregated/],
    ['server=custom&customTtftMs=20&networkMs=50', 'custom-ttft-ms', /round trip/],
  ])('refuse %s, naming %s', (query, param, message) => {
    const built = scenarioFromSettings(settings(query));
    expect(built.ok).toBe(false);
    if (!built.ok) {
      expect(built.param).toBe(param);
      expect(built.message).toMatch(message);
    }
  });

  it.each(['prefixCacheShare=1.5', 'specTokens=17', 'specTokens=2.5', 'specAcceptance=-0.1', 'specDraftCost=abc', 'replicas=0', 'replicas=65', 'prefillGpus=-1', 'customTokPerSec=0', 'server=remote'])(
    'a bad value (%s) falls back with a notice naming the key',
    (query) => {
      const p = settingsFromQuery(query);
      const key = query.split('=')[0];
      expect(p.notices.map((n) => n.param)).toEqual([key]);
      expect(p.settings[key as keyof Settings]).toEqual(DEFAULT_SETTINGS[key as keyof Settings]);
    },
  );

  it('custom TTFT and pace imply server=custom and round-trip', () => {
    const s = settings('customTtftMs=200&customTokPerSec=25');
    expect(s.server).toBe('custom');
    expect(settingsFromQuery(settingsToQuery(s)).settings).toEqual(s);
    expect(settingsToQuery({ ...s, server: 'lesson' })).not.toMatch(/custom/);
  });
});

describe('the custom server answers the glossary\'s provider question', () => {
  // A ~480-token answer: 5 s to first token at 120 tok/s, against 0.2 s at 25 tok/s.
  const a = 'customTtftMs=5000&customTokPerSec=120&output=480&spread=0&networkMs=0&requests=1';
  const b = 'customTtftMs=200&customTokPerSec=25&output=480&spread=0&networkMs=0&requests=1';

  it('pin one, set the other: the fast stream finishes first, 9.0 s against 19.4 s', () => {
    const page = `${a}&pin=${encodeURIComponent(b)}`;
    const pinned = pinFromQuery(page)!;
    expect(pinned.notices).toEqual([]);
    const both = compareScenarios(settingsFromQuery(page).settings, pinned.settings);
    if (!both.current.ok || !both.baseline?.ok) throw new Error('both scenarios should build');
    const now = simulate(both.current.scenario).requests[0];
    const before = simulate(both.baseline.scenario).requests[0];
    // E2E = TTFT + (N − 1) / pace.
    expect(now.ttftMs).toBeCloseTo(5000, 6);
    expect(now.e2eMs).toBeCloseTo(5000 + (479 / 120) * 1000, 6);
    expect(before.ttftMs).toBeCloseTo(200, 6);
    expect(before.e2eMs).toBeCloseTo(200 + 479 * 40, 6);
    expect(now.e2eMs).toBeLessThan(before.e2eMs);
    expect(both.changes.map((c) => c.key)).toEqual(['customTtftMs', 'customTokPerSec']);
  });

  it('with a network round trip, the client still sees the TTFT asked for (on average)', () => {
    const s = settings('customTtftMs=5000&customTokPerSec=120&output=480&spread=0&requests=200&networkMs=80');
    const built = scenarioFromSettings(s);
    if (!built.ok) throw new Error(built.message);
    expect(simulate(built.scenario).metrics.ttftMs.mean).toBeCloseTo(5000, -1);
  });
});

describe('a pinned baseline in the link', () => {
  const baseline = settings('workload=summarize&load=busy&ttftSlo=1000');
  const current = { ...baseline, prefixCacheShare: 0.9 };

  it('round-trips: the query the page writes gives back both runs', () => {
    const query = queryWithPin(settingsToQuery(current), baseline);
    expect(query).toContain('pin=');
    expect(settingsFromQuery(query).settings).toEqual(current);
    const pinned = pinFromQuery(`?${query}`)!;
    expect(pinned.notices).toEqual([]);
    expect(pinned.settings).toEqual(baseline);
    expect(queryWithPin(query, null)).not.toContain('pin=');
    expect(pinFromQuery(queryWithPin(query, null))).toBeNull();
  });

  it('keeps the other keys of the query where they were', () => {
    const q = queryWithPin('question=2&workload=report', baseline);
    const params = new URLSearchParams(q);
    expect(params.get('question')).toBe('2');
    expect(params.get('workload')).toBe('report');
  });

  it('reads bad values with its own notices, prefixed pin.', () => {
    const p = parsePin('ttftSlo=soon&users=0&workload=summarize&color=red&pin=x');
    expect(p.settings.workload).toBe('summarize');
    // A bad target falls back to the workload's own (summarize: seconds are fine).
    expect(p.settings.ttftSlo).toBe(workloadTargets('summarize').ttftSlo);
    expect(p.settings.ttftSlo).not.toBe(DEFAULT_SETTINGS.ttftSlo);
    expect(p.notices.map((n) => n.param).sort()).toEqual(['pin.color', 'pin.pin', 'pin.ttftSlo', 'pin.users']);
  });

  it('ignores a pin too long to be a baseline', () => {
    const p = parsePin(`workload=report&x=${'a'.repeat(MAX_PIN_LENGTH)}`);
    expect(p.settings).toEqual(DEFAULT_SETTINGS);
    expect(p.notices[0].param).toBe('pin');
  });

  it('lists what changed, in schema order, as the link writes it', () => {
    expect(settingChanges(baseline, { ...current, specTokens: 3 })).toEqual([
      { key: 'prefixCacheShare', baseline: null, current: '0.9' },
      { key: 'specTokens', baseline: null, current: '3' },
    ]);
    expect(settingChanges(baseline, baseline)).toEqual([]);
  });

  it('gives the page both scenarios; a baseline that cannot run fails alone, its param prefixed', () => {
    const ok = compareScenarios(current, baseline);
    expect(ok.current.ok && ok.baseline?.ok).toBe(true);
    const broken = compareScenarios(current, { ...baseline, prefillGpus: 1 });
    expect(broken.current.ok).toBe(true);
    expect(broken.baseline).toMatchObject({ ok: false, param: 'pin.decode-gpus' });
    expect(compareScenarios(current, null)).toMatchObject({ baseline: null, changes: [] });
  });
});
