// The pinned baseline in the store: read from `pin=` at load, written back
// with the settings, and the actions another part of the page calls.
import { describe, expect, it, vi } from 'vitest';
import { settingsFromQuery, settingsToQuery } from '../../src/settings/parse';
import { MAX_PIN_LENGTH, pinFromQuery } from '../../src/settings/pin';
import { DEFAULT_SETTINGS } from '../../src/settings/schema';
import { createLabStore } from '../../src/store';
import { fakeWindow } from './fakeWindow';

const linkOf = (url: string) => new URL(url, 'http://127.0.0.1');

describe('the pinned baseline read from the link', () => {
  it('is null without pin=', () => {
    const store = createLabStore(fakeWindow('?workload=report'));
    expect(store.getState().pinned).toBeNull();
  });

  it('restores both runs from one link', () => {
    const pin = encodeURIComponent('workload=summarize&load=busy');
    const store = createLabStore(fakeWindow(`?workload=summarize&load=busy&prefixCacheShare=0.9&pin=${pin}`));
    const { settings, pinned, notices } = store.getState();
    expect(notices).toEqual([]);
    expect(settings.prefixCacheShare).toBe(0.9);
    expect(pinned).toEqual(settingsFromQuery('workload=summarize&load=busy').settings);
    expect(pinned?.prefixCacheShare).toBe(0);
  });

  it('a bad value inside pin= falls back with a notice naming pin.<key>, and still pins', () => {
    const store = createLabStore(fakeWindow(`?users=4&pin=${encodeURIComponent('workload=report&users=0&colour=red')}`));
    const { pinned, notices, settings } = store.getState();
    expect(settings.users).toBe(4);
    expect(pinned?.workload).toBe('report');
    expect(pinned?.users).toBe(DEFAULT_SETTINGS.users);
    expect(notices.map((n) => n.param).sort()).toEqual(['pin.colour', 'pin.users']);
    expect(notices.find((n) => n.param === 'pin.users')?.message).toMatch(/out of range/);
  });

  it('a pin too long to be a baseline, or an empty one, pins nothing, with a notice', () => {
    for (const raw of [`workload=report&x=${'a'.repeat(MAX_PIN_LENGTH)}`, '', '  ']) {
      const store = createLabStore(fakeWindow(`?pin=${encodeURIComponent(raw)}`));
      expect(store.getState().pinned).toBeNull();
      expect(store.getState().notices.map((n) => n.param)).toEqual(['pin']);
      expect(store.getState().settings).toEqual(DEFAULT_SETTINGS);
    }
  });

  it('writes nothing at load', () => {
    const w = fakeWindow(`?pin=${encodeURIComponent('users=3')}`);
    createLabStore(w);
    expect(w.urls).toEqual([]);
  });
});

describe('pin actions', () => {
  it('pinCurrent pins a copy of the current settings and writes pin= into the link, keeping other keys', () => {
    const w = fakeWindow('?workload=report&users=8&question=2', '/lab/', '#try-it');
    const store = createLabStore(w);
    store.getState().pinCurrent();
    const { pinned, settings } = store.getState();
    expect(pinned).toEqual(settings);
    expect(pinned).not.toBe(settings);
    expect(w.urls).toHaveLength(1);
    const url = linkOf(w.urls[0]);
    expect(url.pathname).toBe('/lab/');
    expect(url.hash).toBe('#try-it');
    expect(url.searchParams.get('question')).toBe('2');
    expect(url.searchParams.get('pin')).toBe(settingsToQuery(settings));
    // The written link opens the same page: a new store restores both.
    const again = createLabStore(fakeWindow(url.search));
    expect(again.getState().settings).toEqual(settings);
    expect(again.getState().pinned).toEqual(pinned);
    expect(again.getState().notices).toEqual([]);
  });

  it('the baseline stays put while the current settings change; the link carries both', () => {
    const w = fakeWindow('?workload=summarize');
    const store = createLabStore(w);
    store.getState().pinCurrent();
    const pinned = store.getState().pinned;
    store.getState().updateSettings({ prefixCacheShare: 0.9 });
    expect(store.getState().pinned).toBe(pinned);
    const url = linkOf(w.urls.at(-1)!);
    expect(url.searchParams.get('prefixCacheShare')).toBe('0.9');
    expect(pinFromQuery(url.search)?.settings).toEqual(pinned);
  });

  it('unpin clears the baseline and removes pin= from the link', () => {
    const w = fakeWindow(`?users=2&pin=${encodeURIComponent('users=3')}`);
    const store = createLabStore(w);
    store.getState().unpin();
    expect(store.getState().pinned).toBeNull();
    expect(w.urls).toHaveLength(1);
    expect(linkOf(w.urls[0]).searchParams.has('pin')).toBe(false);
    expect(linkOf(w.urls[0]).searchParams.get('users')).toBe('2');
    // Unpinning nothing changes nothing.
    store.getState().unpin();
    expect(w.urls).toHaveLength(1);
  });

  it('pinAndApply pins the run as it was and applies the patch, in one link write', () => {
    const w = fakeWindow('?workload=report&users=1');
    const store = createLabStore(w);
    const before = store.getState().settings;
    store.getState().pinAndApply({ specTokens: 4, specAcceptance: 0.7 });
    const { settings, pinned } = store.getState();
    expect(pinned).toEqual(before);
    expect(settings).toEqual({ ...before, specTokens: 4, specAcceptance: 0.7 });
    expect(w.urls).toHaveLength(1);
    const url = linkOf(w.urls[0]);
    expect(url.searchParams.get('specTokens')).toBe('4');
    expect(pinFromQuery(url.search)?.settings).toEqual(before);
  });

  it('pinAndApply follows the targets rule of a control change (a target set becomes the user\'s own)', () => {
    const store = createLabStore(fakeWindow('?workload=chat'));
    expect(store.getState().settings.targetsFollowWorkload).toBe(true);
    store.getState().pinAndApply({ ttftSlo: 2000 });
    expect(store.getState().settings.targetsFollowWorkload).toBe(false);
    expect(store.getState().pinned?.targetsFollowWorkload).toBe(true);
  });

  it('pinning again replaces the baseline', () => {
    const store = createLabStore(fakeWindow('?users=2'));
    store.getState().pinCurrent();
    store.getState().updateSettings({ users: 5 });
    store.getState().pinCurrent();
    expect(store.getState().pinned?.users).toBe(5);
  });

  it('coalesces writes while a slider is dragged, ending with both settings and pin', async () => {
    // Fake timers: the throttle's clock and timer are the test's, so a slow machine cannot spread the drag out.
    vi.useFakeTimers();
    try {
      const w = fakeWindow('?users=2');
      const store = createLabStore({ ...w, urlWriteIntervalMs: 20 });
      store.getState().pinCurrent();
      for (let u = 3; u <= 9; u++) store.getState().updateSettings({ users: u });
      expect(w.urls, 'the pin is written at once, the drag waits for the interval').toHaveLength(1);
      await vi.advanceTimersByTimeAsync(40);
      expect(w.urls).toHaveLength(2);
      const url = linkOf(w.urls.at(-1)!);
      expect(url.searchParams.get('users')).toBe('9');
      expect(pinFromQuery(url.search)?.settings.users).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
