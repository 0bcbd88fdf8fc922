import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, PARAMS } from '../../src/settings/schema';
import { QUESTIONS } from '../../src/lesson/questions';
import { LEVER_SCENES } from '../../src/lesson/scenes';
import { QUESTION_COUNT, SCENE_COUNT } from '../../src/settings/pageKeys';
import { createLabStore } from '../../src/store';
import { fakeWindow } from './fakeWindow';

const GARBAGE = ['abc', '%%%', 'NaN', '1e999', '--5', '{}'];

describe('bad link parameters fall back with a notice', () => {
  for (const p of PARAMS) {
    it(`${p.key}: garbage falls back to the default with a notice naming it`, () => {
      for (const raw of GARBAGE) {
        if (p.kind.parse(raw).ok) continue; // free-form ids accept some of these shapes
        const store = createLabStore(fakeWindow(`?${p.key}=${encodeURIComponent(raw)}`));
        const { settings, notices } = store.getState();
        expect(settings).toEqual(DEFAULT_SETTINGS);
        expect(notices).toHaveLength(1);
        expect(notices[0].param).toBe(p.key);
        expect(notices[0].message).toMatch(/default/i);
      }
    });
  }

  it.each([
    ['users', '0'], ['users', '99999'], ['prompt', '-3'], ['output', '100000'], ['rate', '0'],
    ['burstiness', '1000'], ['ttftSlo', '-1'], ['seed', '4294967296'], ['tp', '9'], ['networkMs', '10001'], ['spread', '0.95'],
  ])('%s=%s is out of range: default kept, notice says why', (key, raw) => {
    const store = createLabStore(fakeWindow(`?${key}=${raw}`));
    const { settings, notices } = store.getState();
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(notices).toEqual([{ param: key, message: expect.stringMatching(/out of range/) }]);
  });

  it.each(['users', 'prompt', 'seed', 'workload', 'load', 'networkMs'])('%s with a missing value is a notice, not a crash', (key) => {
    const store = createLabStore(fakeWindow(`?${key}=`));
    expect(store.getState().settings).toEqual(DEFAULT_SETTINGS);
    expect(store.getState().notices.map((n) => n.param)).toEqual([key]);
  });

  it('a bare switch (chunkedPrefill=) means on, as a bare CLI flag does', () => {
    const store = createLabStore(fakeWindow('?chunkedPrefill='));
    expect(store.getState().settings.chunkedPrefill).toBe(true);
    expect(store.getState().notices).toEqual([]);
  });

  it('an absent parameter is silently the default', () => {
    const store = createLabStore(fakeWindow('?question=2&theme=dark'));
    expect(store.getState().settings).toEqual(DEFAULT_SETTINGS);
    expect(store.getState().notices).toEqual([]);
  });

  it('good values survive next to bad ones, and each bad one gets its own notice', () => {
    const store = createLabStore(fakeWindow('?workload=report&users=lots&ttftSlo=fast&seed=5'));
    const { settings, notices } = store.getState();
    expect(settings.workload).toBe('report');
    expect(settings.seed).toBe(5);
    expect(settings.users).toBe(DEFAULT_SETTINGS.users);
    // A bad target falls back to the workload's own: a report's 10 s.
    expect(settings.ttftSlo).toBe(10_000);
    expect(settings.targetsFollowWorkload).toBe(true);
    expect(notices.map((n) => n.param)).toEqual(['users', 'ttftSlo']);
  });

  it('notices can be dismissed one by one or all at once', () => {
    const store = createLabStore(fakeWindow('?users=x&seed=y&workload=z'));
    expect(store.getState().notices).toHaveLength(3);
    store.getState().dismissNotice('seed');
    expect(store.getState().notices.map((n) => n.param)).toEqual(['workload', 'users']);
    store.getState().dismissAllNotices();
    expect(store.getState().notices).toEqual([]);
  });

  it('a bad parameter is dropped from the URL at the next change', () => {
    const win = fakeWindow('?users=lots&question=q4');
    const store = createLabStore(win);
    store.getState().updateSettings({ seed: 3 });
    expect(win.location.search).not.toContain('users=');
    expect(win.location.search).toContain('question=q4');
  });
});

describe('issue 9: repeated keys and empty targets in a link', () => {
  it('a key given twice uses the first value and a notice names the others', () => {
    const store = createLabStore(fakeWindow('?rate=2&rate=9&seed=3'));
    const { settings, notices } = store.getState();
    expect(settings.rate).toBe(2);
    expect(settings.seed).toBe(3);
    expect(notices).toEqual([{ param: 'rate', message: 'Given 2 times ("2", "9"); only the first counts. Remove the others from the link.' }]);
  });

  it('a repeated key whose first value is bad gets one notice saying both', () => {
    const { notices } = createLabStore(fakeWindow('?users=abc&users=4')).getState();
    expect(notices).toHaveLength(1);
    expect(notices[0].message).toMatch(/not a number.*It is also given 2 times/);
  });

  it('an empty ttftSlo= is refused with a notice, not read as off', () => {
    const { settings, notices } = createLabStore(fakeWindow('?ttftSlo=&tpotSlo=off')).getState();
    expect(settings.ttftSlo).toBe(DEFAULT_SETTINGS.ttftSlo);
    expect(settings.tpotSlo).toBeNull();
    expect(notices).toEqual([{ param: 'ttftSlo', message: expect.stringMatching(/the value is empty; write "off" to turn it off/) }]);
  });
});

describe('bad page-key values get a notice like bad settings do', () => {
  it.each([
    ['question', '999999999999999999999', /"999999999999999999999" is not a question of this lab \(they are numbered 1 to 5\)/],
    ['question', '9', /numbered 1 to 5/],
    ['question', 'q1', /numbered 1 to 5/],
    ['question', '2.5', /numbered 1 to 5/],
    ['question', '', /numbered 1 to 5/],
    ['scene', '1e309', /"1e309" is not a lever scene of this lab \(they are numbered 1 to 3\)/],
    ['scene', '0', /numbered 1 to 3/],
    ['scene', 'Infinity', /numbered 1 to 3/],
  ])('%s=%s', (key, raw, message) => {
    const store = createLabStore(fakeWindow(`?${key}=${encodeURIComponent(raw)}`));
    expect(store.getState().settings).toEqual(DEFAULT_SETTINGS);
    expect(store.getState().notices).toEqual([{ param: key, message: expect.stringMatching(message) }]);
  });

  it('a question and a scene together: the scene is the one left out, and says so', () => {
    expect(createLabStore(fakeWindow('?question=1&scene=2')).getState().notices).toEqual([{ param: 'scene', message: expect.stringMatching(/only the question was opened/) }]);
  });

  it('good question and scene numbers are silent', () => {
    for (const q of ['?question=1', '?question=5&answer=1', '?scene=3', '?scene= 2 ']) expect(createLabStore(fakeWindow(q)).getState().notices, q).toEqual([]);
  });

  it('users=Infinity is not read as inf without a word: it gets the notice of any bad value (the lab writes inf)', () => {
    for (const raw of ['Infinity', 'infinity', '-inf']) {
      const store = createLabStore(fakeWindow(`?users=${raw}`));
      expect(store.getState().settings.users, raw).toBe(DEFAULT_SETTINGS.users);
      expect(store.getState().notices, raw).toEqual([{ param: 'users', message: expect.stringMatching(/is not a number; expected a whole number from 1 to [\d,]+, or inf\. Using the default\./) }]);
    }
    const inf = createLabStore(fakeWindow('?users=inf'));
    expect(inf.getState().settings.rate).toBe(Infinity);
    expect(inf.getState().notices).toEqual([]);
  });

  it("the counts the store checks links by are the lesson's own", () => {
    expect(QUESTION_COUNT).toBe(QUESTIONS.length);
    expect(SCENE_COUNT).toBe(LEVER_SCENES.length);
    expect(QUESTIONS.map((q) => q.id)).toEqual([1, 2, 3, 4, 5].slice(0, QUESTION_COUNT));
    expect(LEVER_SCENES.map((q) => q.id)).toEqual([1, 2, 3].slice(0, SCENE_COUNT));
  });
});
