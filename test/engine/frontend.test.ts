import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FrontEnd } from '../../src/engine/frontend';
import { simulate } from '../../src/engine/simulate';
import { EngineInputError } from '../../src/engine/validate';
import { toyScenario, users } from './helpers';

/** Drains a front end: every request's (id, time it reaches the scheduler), in order. */
function drain(f: FrontEnd): [number, number][] {
  const out: [number, number][] = [];
  while (f.nextS() < Infinity) {
    const passed = f.step();
    if (passed) out.push([passed.id, passed.atS]);
  }
  return out;
}

describe('the front end', () => {
  it('hands requests on one at a time, in arrival order, each after its service time', () => {
    const f = new FrontEnd(1);
    f.push(0, 0);
    f.push(0, 1);
    f.push(0.5, 2);
    f.push(10, 3);
    expect(drain(f)).toEqual([[0, 1], [1, 2], [2, 3], [3, 11]]);
  });

  it('with no cost passes each request on the moment it arrives', () => {
    const f = new FrontEnd(0);
    f.push(2, 0);
    f.push(1, 1);
    expect(f.horizonS()).toBe(1);
    expect(drain(f)).toEqual([[1, 1], [0, 2]]);
  });

  it('never lets a request leave before it arrived plus its service time, nor out of order', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: 1, maxLength: 40 }), fc.double({ min: 0.001, max: 5, noNaN: true }), (times, service) => {
        const f = new FrontEnd(service);
        times.forEach((t, i) => f.push(t, i));
        const out = drain(f);
        expect(out.length).toBe(times.length);
        for (let i = 0; i < out.length; i++) {
          const [id, at] = out[i];
          expect(at).toBeGreaterThanOrEqual(times[id] + service - 1e-9);
          if (i > 0) expect(at - out[i - 1][1]).toBeGreaterThanOrEqual(service - 1e-9);
        }
      }),
    );
  });
});

describe('a scenario with a front end', () => {
  it('hand-worked: three users sending at once reach the scheduler 1 s apart, and the late two share an iteration', () => {
    // Toy server: 1 s per iteration + 0.1 s per prefill token; prompt 10, output 2.
    // Request 0 reaches the scheduler at 1 s and prefills alone (1 + 1 = 2 s), first token at 3 s.
    // Requests 1 and 2 arrive at 2 s and 3 s; at 3 s both prefill with request 0's last decode (1 + 2 = 3 s): first tokens at 6 s.
    const run = simulate({ ...toyScenario(users(3), 3, undefined, 10, 2), frontendMs: 1000 });
    expect(run.requests.map((r) => r.frontendDoneS)).toEqual([1, 2, 3]);
    expect(run.requests.map((r) => r.ttftMs)).toEqual([3000, 6000, 6000]);
    expect(run.requests.map((r) => r.queueMs)).toEqual([1000, 3000, 3000]);
    // Without the front end all three prefill together: one 4 s iteration.
    const plain = simulate(toyScenario(users(3), 3, undefined, 10, 2));
    expect(plain.requests.map((r) => r.ttftMs)).toEqual([4000, 4000, 4000]);
    expect(plain.requests.every((r) => r.frontendDoneS === undefined)).toBe(true);
  });

  it('a cost of 0 gives the same bytes as no front end', () => {
    const s = { ...toyScenario(users(4), 12, undefined, 30, 6), networkRttMs: 20, networkJitter: 0.5 };
    const bytes = (run: ReturnType<typeof simulate>) => JSON.stringify({ ...run, scenario: null });
    expect(bytes(simulate({ ...s, frontendMs: 0 }))).toBe(bytes(simulate(s)));
  });

  it('rejects a negative or absurd cost, naming it', () => {
    for (const frontendMs of [-1, Number.NaN, 1e9]) {
      expect(() => simulate({ ...toyScenario(users(1), 1), frontendMs })).toThrow(EngineInputError);
    }
    try {
      simulate({ ...toyScenario(users(1), 1), frontendMs: -1 });
    } catch (e) {
      expect((e as EngineInputError).param).toBe('frontend-ms');
    }
  });
});
