/** Properties of speculative decoding by method over random scenarios (fast-check). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/engine/simulate';
import { tokenTimesS } from '../../src/engine/tokens';
import type { LoadSpec, Scenario } from '../../src/engine/types';
import { settingsFromQuery } from '../../src/settings/parse';
import { scenarioFromSettings } from '../../src/settings/scenario';
import { loadArb as sharedLoadArb } from './arbitraries';

const loadArb = sharedLoadArb({ maxUsers: 64, maxThinkMs: 2000, minRatePerSec: 0.5, maxRatePerSec: 40, minBurstiness: 0.3, maxBurstiness: 3 });
const methodArb = fc.constantFrom('specMethod=draft', 'specMethod=eagle', 'specMethod=eagle3', 'specMethod=ngram', 'specMethod=eagle3&specTreeWidth=12', 'specMethod=custom&specTokens=4');
const serverArb = fc.constantFrom('model=llama-3.1-8b&gpu=h100-sxm', 'model=llama-3.3-70b&gpu=h200&precision=fp8', 'model=qwen3-32b&gpu=a100-80gb-sxm&tp=2');

/** A hardware scenario for the settings `q` with the load replaced by `load`. */
function scenario(q: string, load?: LoadSpec): Scenario {
  const b = scenarioFromSettings(settingsFromQuery(q).settings);
  if (!b.ok) throw new Error(`${q}: ${b.message}`);
  return load ? { ...b.scenario, load } : b.scenario;
}

const lengthsArb = fc.record({ prompt: fc.integer({ min: 16, max: 4000 }), output: fc.integer({ min: 2, max: 400 }), spread: fc.double({ min: 0, max: 0.9, noNaN: true }), seed: fc.integer({ min: 0, max: 0xffffffff }) });
const query = (l: { prompt: number; output: number; spread: number; seed: number }, server: string, method: string, requests: number) =>
  `server=hardware&${server}&prompt=${l.prompt}&output=${l.output}&spread=${l.spread}&seed=${l.seed}&requests=${requests}&${method}`;

describe('speculative decoding by method', () => {
  it('never changes the tokens a request produces: every completed request gets exactly its output, at every load', () => {
    fc.assert(fc.property(lengthsArb, serverArb, methodArb, loadArb, (l, server, method, load) => {
      const r = simulate(scenario(query(l, server, method, 40), load));
      const plain = simulate(scenario(query(l, server, 'specTokens=0', 40), load));
      return r.requests.every((q, i) => q.outputTokens === plain.requests[i].outputTokens && (!q.completed || tokenTimesS(r, q.id).length === q.outputTokens));
    }), { numRuns: 25 });
  });

  it('acceptance 0 never speeds decoding up: one user streams every request no faster than without it', () => {
    fc.assert(fc.property(lengthsArb, serverArb, methodArb, fc.integer({ min: 1, max: 8 }), (l, server, method, k) => {
      const closed = { kind: 'closed' as const, users: 1, thinkMs: 0 };
      const plain = simulate(scenario(query(l, server, 'specTokens=0', 20), closed));
      const spec = simulate(scenario(query(l, server, `${method}&specTokens=${k}&specAcceptance=0`, 20), closed));
      return plain.requests.every((q, i) => !q.completed || spec.requests[i].tpotMs >= q.tpotMs - 1e-9);
    }), { numRuns: 40 });
  });

  it('the gain falls as users rise (1, 4, 16, 64 closed-loop users)', () => {
    // Answers long enough to have a pace: with one or two decode steps a request's TPOT is one gap.
    const answers = fc.record({ prompt: fc.integer({ min: 16, max: 4000 }), output: fc.integer({ min: 64, max: 600 }), spread: fc.double({ min: 0, max: 0.9, noNaN: true }), seed: fc.integer({ min: 0, max: 0xffffffff }) });
    fc.assert(fc.property(answers, methodArb, fc.double({ min: 0.3, max: 0.95, noNaN: true }), (l, method, a) => {
      const server = 'model=llama-3.1-8b&gpu=h100-sxm';
      const gains = [1, 4, 16, 64].map((users) => {
        const load = { kind: 'closed' as const, users, thinkMs: 0 };
        const off = simulate(scenario(query(l, server, 'specTokens=0', 200), load)).metrics.tpotMs.p50;
        const on = simulate(scenario(query(l, server, `${method}&specAcceptance=${a}`, 200), load)).metrics.tpotMs.p50;
        return off / on;
      });
      // A few percent of slack: a closed loop's batch at a given user count varies a little with the step's length.
      return gains.every((g, i) => i === 0 || g <= gains[i - 1] * 1.03);
    }), { numRuns: 12 });
  });

  it('the README crossover shape: a gain for one user, a loss on a full batch (EAGLE-3 at its published tree)', () => {
    const base = 'server=hardware&model=llama-3.1-8b&gpu=h100-sxm&workload=chat&requests=200';
    const gain = (users: number) => simulate(scenario(`${base}&users=${users}`)).metrics.tpotMs.p50 / simulate(scenario(`${base}&users=${users}&specMethod=eagle3`)).metrics.tpotMs.p50;
    expect(gain(1)).toBeGreaterThan(2);
    expect(gain(128)).toBeLessThan(1);
  });
});
