import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { requestBreakdown } from '../../src/engine';
import { runQuery } from '../lesson/run';
import { formatShare, shareSplit } from '../../src/views/common/format';
import { RUN_MET_SHARE, runVerdictFor } from '../../src/views/cards/runVerdict';

const SLO = { ttftMs: 100, tpotMs: 50, e2eMs: null };
const IN_TIME = { ttftMs: 99.2, tpotMs: 30, e2eMs: 430 };
const LATE = { ttftMs: 140, tpotMs: 30, e2eMs: 470 };
const run = (sloMetShare: number, completed = 1000) => ({ completed, sloMetShare });

describe('the run-aware SLO verdict', () => {
  it('asks 90% of the run to be in time', () => {
    expect(RUN_MET_SHARE).toBe(0.9);
  });

  it('a drawn request in time: the run meets at 90% and 90.1%, not at 89.9%', () => {
    const below = runVerdictFor(IN_TIME, SLO, run(0.899));
    expect(below.runMet).toBe(false);
    expect(below.agreement).toBe('request-only');
    expect(below.tone).toBe('mixed');
    expect(below.headline).toMatch(/^Met every target \(TTFT 99\.2 ms ≤ 100 ms/);
    expect(below.runLine).toBe("This request met its targets; 10.1% of the run's requests did not, and an SLO asks for 90% in time.");
    expect(below.short).toBe('Met; 10.1% late');
    for (const share of [0.9, 0.901]) {
      const v = runVerdictFor(IN_TIME, SLO, run(share));
      expect(v.runMet, `share ${share}`).toBe(true);
      expect(v.agreement).toBe('both-met');
      expect(v.runLine).toBeNull();
      expect(v.short).toBe('SLO met');
      expect(v.tone).toBe('good');
    }
  });

  it('a drawn request that missed: the run still meets at 90% and 90.1%, and the verdict says both; at 89.9% both missed', () => {
    for (const [share, inTime] of [[0.9, '90.0%'], [0.901, '90.1%']] as const) {
      const v = runVerdictFor(LATE, SLO, run(share));
      expect(v.agreement, `share ${share}`).toBe('run-only');
      expect(v.headline).toMatch(/^Missed TTFT by 40 ms/);
      expect(v.runLine).toBe(`This request missed its targets; ${inTime} of the run's requests met theirs, at least the 90% an SLO asks for.`);
      expect(v.short).toBe(`Missed; run ${inTime} in time`);
    }
    const both = runVerdictFor(LATE, SLO, run(0.899));
    expect(both.agreement).toBe('both-missed');
    expect(both.runLine).toBeNull();
    expect(both.short).toBe('SLO missed');
    expect(both.tone).toBe('bad');
  });

  it("the issue's case: idle autocomplete, TTFT 99.2 ms in time while 39.1% of the run is late", () => {
    const v = runVerdictFor(IN_TIME, SLO, run(0.609));
    expect(v.runLine).toContain("39.1% of the run's requests did not");
    expect(v.inTime).toBe('60.9%');
  });

  it('no request completed: missed, with no share and no run line', () => {
    const v = runVerdictFor(null, SLO, run(0, 0));
    expect(v).toMatchObject({ agreement: 'nothing-completed', runMet: null, headline: 'Missed: no request completed', runLine: null, inTime: null, short: 'SLO missed', tone: 'bad' });
    // A NaN share (nothing to divide by) is judged the same way, never shown.
    expect(runVerdictFor(null, SLO, run(Number.NaN, 0)).inTime).toBeNull();
  });

  it('requests completed but not the drawn one: judged on the run alone', () => {
    expect(runVerdictFor(null, SLO, run(0.95, 10))).toMatchObject({ agreement: 'run-only', headline: 'Missed: the drawn request did not complete', tone: 'mixed' });
    expect(runVerdictFor(null, SLO, run(0.5, 10))).toMatchObject({ agreement: 'both-missed', runLine: null });
  });

  it('with no targets every request and the run are in time', () => {
    const v = runVerdictFor(LATE, { ttftMs: null, tpotMs: null, e2eMs: null }, run(1));
    expect(v.agreement).toBe('both-met');
    expect(v.headline).toBe('Met: no targets are set');
  });
});

describe('one rounding of one share', () => {
  it('the share in time and the share late add to 100%', () => {
    // Each rounded alone, 98.45% and 1.55% both round up (98.5% beside 1.6%).
    expect(shareSplit(0.9845)).toEqual({ met: '98.5%', missed: '1.5%' });
    for (let i = 0; i <= 2000; i++) {
      const { met, missed } = shareSplit(i / 2000);
      expect(parseFloat(met) + parseFloat(missed), `${i}/2000`).toBeCloseTo(100, 9);
      expect(met).toBe(formatShare(i / 2000));
    }
  });

  it('only all is 100% and only none is 0%', () => {
    expect(formatShare(1)).toBe('100%');
    expect(formatShare(0)).toBe('0%');
    expect(formatShare(0.9996)).toBe('99.9%');
    expect(formatShare(0.0004)).toBe('0.1%');
    expect(shareSplit(0.9996)).toEqual({ met: '99.9%', missed: '0.1%' });
  });
});

describe("the README's verdict example is the engine's", () => {
  it('idle autocomplete: the drawn request in time, 39.1% of the run late', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    const result = runQuery('workload=autocomplete&load=idle');
    const rep = requestBreakdown(result, result.representativeId);
    const v = runVerdictFor(rep, result.scenario.slo, result.metrics);
    expect(v.agreement).toBe('request-only');
    expect(v.headline.startsWith('Met every target (TTFT 99.2 ms ≤ 100 ms, ')).toBe(true);
    expect(readme).toContain(`"${v.runLine}"`);
    expect(readme).toContain(`("${v.short}")`);
    expect(readme).toContain('"Met every target (TTFT 99.2 ms ≤ 100 ms, …)"');
    expect(readme).toContain(`at least ${RUN_MET_SHARE * 100}% of its completed requests`);
    expect(shareSplit(0.9845)).toEqual({ met: '98.5%', missed: '1.5%' });
    expect(readme).toContain('(98.5% and 1.5%)');
  });
});
