import { describe, expect, it } from 'vitest';
import { settingsFromQuery } from '../../src/settings/parse';
import { pageKeyNotices, themeOf } from '../../src/settings/pageKeys';
import { scenarioLine } from '../../src/views/embed/caption';

describe('the embed caption names the scenario in one line', () => {
  it.each([
    ['workload=report', 'Write a long report (800 in / 1,500 out) · idle, 1 user · lesson server (illustrative) · targets TTFT 10.0 s, TPOT 200 ms'],
    ['workload=chat&load=busy', 'Chatbot reply (1,000 in / 250 out) · busy, 16 users · lesson server (illustrative) · targets TTFT 500 ms, TPOT 50 ms'],
    ['prompt=9000&output=200&rate=2.5&ttftSlo=500&tpotSlo=off', 'Custom lengths (9,000 in / 200 out) · 2.5 req/s arriving · lesson server (illustrative) · targets TTFT 500 ms'],
    ['workload=autocomplete&users=8&ttftSlo=off&tpotSlo=off', 'Code autocomplete (400 in / 12 out) · 8 users · lesson server (illustrative) · no targets'],
  ])('%s', (query, line) => {
    expect(scenarioLine(settingsFromQuery(query).settings, null)).toBe(line);
  });
  it('names a hardware server by its label', () => {
    expect(scenarioLine(settingsFromQuery('server=hardware').settings, 'Llama-3.1-8B on H100 SXM (bf16)')).toContain('Llama-3.1-8B on H100 SXM (bf16)');
  });
});

describe('page keys', () => {
  it('theme is light, dark or the system', () => {
    expect(themeOf('?theme=dark')).toBe('dark');
    expect(themeOf('?theme=LIGHT')).toBe('light');
    expect(themeOf('?theme=blue')).toBeNull();
    expect(themeOf('')).toBeNull();
  });
  it('an unknown key gets a notice with the key it probably meant; known keys get none', () => {
    expect(pageKeyNotices('?workoad=report&embed=lab&question=2&answer=1&theme=dark&seed=3')).toEqual([{ param: 'workoad', message: 'not a setting of this lab, so it was ignored (did you mean workload?).' }]);
    expect(pageKeyNotices('?zzzzzz=1')[0].message).not.toMatch(/did you mean/);
    expect(pageKeyNotices('?theme=blue')[0]).toMatchObject({ param: 'theme' });
  });
});
