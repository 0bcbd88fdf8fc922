import { describe, expect, it } from 'vitest';
import type { RunPoint } from '../../src/import/types';
import { createLabStore } from '../../src/store';
import { fakeWindow } from './fakeWindow';

const point: RunPoint = {
  label: 'vllm-detailed.json', outputTokPerSec: 10, concurrency: 2, ratePerSec: Infinity, requestsPerSec: 3, meanInFlight: 1.3,
  ttftP50Ms: 300, ttftP95Ms: 480, tpotP50Ms: 46, tpotP95Ms: 63,
};

describe('the imported run in the store', () => {
  it('starts empty, is set and cleared, and never touches the settings or the link', () => {
    const w = fakeWindow('?users=8');
    const store = createLabStore(w);
    const settings = store.getState().settings;
    expect(store.getState().importedRun).toBeNull();
    store.getState().setImportedRun(point);
    expect(store.getState().importedRun).toBe(point);
    store.getState().setImportedRun(null);
    expect(store.getState().importedRun).toBeNull();
    expect(store.getState().settings).toBe(settings);
    expect(w.urls).toEqual([]);
  });
});
