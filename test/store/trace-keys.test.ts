import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/settings/schema';
import { settingsFromQuery, settingsToQuery } from '../../src/settings/parse';
import { parseArgs } from '../../src/cli/args';

describe('the trace link keys', () => {
  it('trace, traceWindow and traceSpeed are read and written back', () => {
    const { settings, notices } = settingsFromQuery('trace=azure-conv&traceWindow=60:180&traceSpeed=2');
    expect(notices).toEqual([]);
    expect(settings).toMatchObject({ trace: 'azure-conv', traceWindow: { fromS: 60, toS: 180 }, traceSpeed: 2 });
    expect(settingsToQuery(settings)).toMatch(/trace=azure-conv&traceWindow=60%3A180&traceSpeed=2/);
  });

  it('an open end runs to the end of the trace', () => {
    expect(settingsFromQuery('traceWindow=1800:').settings.traceWindow).toEqual({ fromS: 1800, toS: null });
    expect(settingsFromQuery('traceWindow=:120').settings.traceWindow).toEqual({ fromS: 0, toS: 120 });
  });

  it.each([
    ['trace=azure-kode', 'trace', /"azure-kode" is not one of off, azure-code, azure-conv/],
    ['trace=/etc/passwd', 'trace', /is not one of/],
    ['traceWindow=600:60', 'traceWindow', /the end \(60 s\) must come after the start \(600 s\)/],
    ['traceWindow=abc', 'traceWindow', /is not FROM:TO/],
    ['traceWindow=1:2:3', 'traceWindow', /is not FROM:TO/],
    ['traceWindow=-5:10', 'traceWindow', /is not FROM:TO/],
    ['traceSpeed=0', 'traceSpeed', /out of range/],
    ['traceSpeed=NaN', 'traceSpeed', /not a number/],
  ])('%s gets a notice and the default', (query, param, message) => {
    const { settings, notices } = settingsFromQuery(query);
    expect(notices).toHaveLength(1);
    expect(notices[0].param).toBe(param);
    expect(notices[0].message).toMatch(message);
    expect(settings[param as 'trace']).toEqual(DEFAULT_SETTINGS[param as 'trace']);
  });

  it('the default page writes none of them into its link', () => {
    expect(settingsToQuery(DEFAULT_SETTINGS)).not.toMatch(/trace/i);
  });

  it('on the command line --trace stays the CLI\'s own option (it also takes a file)', () => {
    const args = parseArgs(['predict', '--trace', 'my.csv', '--trace-window', '0:60', '--trace-speed', '2']);
    expect(args.values.has('trace')).toBe(false);
    expect(args.extras.get('trace')).toBe('my.csv');
    expect(args.extras.get('trace-window')).toBe('0:60');
  });
});
