import { describe, expect, it, vi } from 'vitest';
import { PARAMS, DEFAULT_SETTINGS, type ParamDef } from '../../src/settings/schema';
import { createLabStore } from '../../src/store';
import { fakeWindow } from './fakeWindow';

/**
 * Valid raw values for one parameter, generated from what its field kind
 * accepts, so a new row in PARAMS is covered without editing this test.
 */
function validRawValues(p: ParamDef<unknown>): string[] {
  const accepts = p.kind.accepts;
  const out: string[] = [];
  const oneOf = /^one of (.+)$/.exec(accepts);
  if (oneOf) return oneOf[1].split(', ');
  const range = /(a whole number|a number) from ([\d.e+-]+) to ([\d.e+-]+)/.exec(accepts);
  if (range) {
    const min = Number(range[2]);
    const max = Number(range[3]);
    const whole = range[1] === 'a whole number';
    const mid = whole ? Math.round(Math.sqrt(Math.max(min, 1) * max)) : Number(((min + max) / 3).toPrecision(4));
    out.push(String(min), String(max), String(mid));
    if (!whole) out.push(String(Number((min + (max - min) * 0.123).toPrecision(5))));
  }
  if (accepts.includes(', or inf')) out.push('inf');
  if (accepts.endsWith(', or off')) out.push('off');
  if (accepts.endsWith(', or auto')) out.push('auto');
  if (accepts.startsWith('on or off')) out.push('1', '0', 'on', 'false');
  if (accepts.startsWith('FROM:TO')) out.push('30:90', '1800:', ':120', '12.5:600.25');
  if (accepts.startsWith('an id')) out.push('llama-3.1-8b', 'h100-sxm', 'fp8');
  return out;
}

/**
 * Some settings only mean something on a hardware server and links leave them
 * out otherwise (the lesson server ignores them): round-trip those with `server=hardware`.
 */
function contextFor(p: ParamDef<unknown>, raw: string): string {
  const parsed = p.kind.parse(raw);
  if (!parsed.ok) return '';
  const s = { ...DEFAULT_SETTINGS };
  p.apply(s, parsed.value);
  const scoped = p.emit(s) === undefined && p.emit({ ...s, server: 'hardware' }) !== undefined;
  return scoped ? '&server=hardware' : '';
}

describe('URL round trip through the store', () => {
  for (const p of PARAMS) {
    const values = validRawValues(p);
    it(`${p.key}: has generated values`, () => {
      expect(values.length).toBeGreaterThan(0);
    });
    for (const raw of values) {
      it(`${p.key}=${raw} is restored exactly from the URL the store writes`, () => {
        const win = fakeWindow(`?${p.key}=${encodeURIComponent(raw)}${contextFor(p, raw)}&question=3&embed=1`);
        const store = createLabStore(win);
        expect(store.getState().notices).toEqual([]);
        const opened = store.getState().settings;
        const parsed = p.kind.parse(raw);
        expect(parsed.ok).toBe(true);

        // Change a setting and put it back: the store writes the URL twice, the last one for `opened`.
        const seed = opened.seed;
        store.getState().updateSettings({ seed: seed === 7 ? 8 : 7 });
        store.getState().updateSettings({ seed });
        expect(win.urls.length).toBe(2);
        expect(win.location.search).toContain('question=3');
        expect(win.location.search).toContain('embed=1');
        expect(win.location.pathname).toBe('/lab/');

        const reopened = createLabStore(fakeWindow(win.location.search));
        expect(reopened.getState().notices).toEqual([]);
        expect(reopened.getState().settings).toEqual(opened);
      });
    }
  }

  it('a combined scenario survives a round trip', () => {
    const win = fakeWindow('?workload=custom&prompt=3000&output=700&users=48&ttftSlo=250&tpotSlo=off&chunkedPrefill=1&networkMs=120&seed=99&spread=0.5');
    const store = createLabStore(win);
    const s = store.getState().settings;
    expect(s).toMatchObject({ workload: 'custom', prompt: 3000, output: 700, users: 48, ttftSlo: 250, tpotSlo: null, chunkedPrefill: true, networkMs: 120, seed: 99, spread: 0.5 });
    store.getState().updateSettings({ users: 64 });
    const reopened = createLabStore(fakeWindow(win.location.search));
    expect(reopened.getState().settings).toEqual({ ...s, users: 64 });
  });

  it('every settings change writes the URL; a no-op change does not', () => {
    const win = fakeWindow('');
    const store = createLabStore(win);
    store.getState().updateSettings({ users: DEFAULT_SETTINGS.users });
    expect(win.urls).toEqual([]);
    store.getState().updateSettings({ users: 16 });
    expect(win.location.search).toContain('load=busy');
    store.getState().updateSettings({ rate: 2.5 });
    expect(win.location.search).toContain('rate=2.5');
    expect(win.location.search).not.toMatch(/[?&]load=/);
  });

  it('keeps the hash and unknown keys, and drops nothing it does not own', () => {
    const win = fakeWindow('?embed=1&question=2&foo=bar', '/', '#timeline');
    const store = createLabStore(win);
    store.getState().updateSettings({ workload: 'report', prompt: 800, output: 1500 });
    expect(win.urls.at(-1)).toMatch(/^\/\?workload=report/);
    expect(win.urls.at(-1)).toMatch(/embed=1&question=2&foo=bar#timeline$/);
  });

  it('fresh stores do not share state', () => {
    const a = createLabStore();
    const b = createLabStore();
    a.getState().updateSettings({ users: 99 });
    expect(b.getState().settings.users).toBe(DEFAULT_SETTINGS.users);
  });
});

describe('URL writes while a slider is dragged', () => {
  it('writes the first change at once and coalesces the rest, ending on the last value', async () => {
    vi.useFakeTimers();
    try {
      const win = fakeWindow('?question=1');
      const store = createLabStore({ ...win, urlWriteIntervalMs: 100 });
      store.getState().updateSettings({ users: 2 });
      expect(win.urls).toHaveLength(1);
      for (let u = 3; u <= 40; u++) store.getState().updateSettings({ users: u });
      expect(win.urls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(120);
      expect(win.urls).toHaveLength(2);
      expect(win.location.search).toContain('users=40');
      expect(win.location.search).toContain('question=1');
      await vi.advanceTimersByTimeAsync(500);
      expect(win.urls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
