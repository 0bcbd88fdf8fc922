import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/engine/simulate';
import { EngineInputError } from '../../src/engine/validate';
import { customWorkload } from '../../src/engine/workloads';
import { BAD_RECORDED_LENGTHS, lessonScenario } from './helpers';

/** A closed loop whose requests carry recorded lengths: a measured llmperf run, replayed. */
describe('closed loop with recorded lengths', () => {
  it('one user with lengths [a, b] sends request 0 then request 1, back to back, with those lengths', () => {
    const [a, b] = [[300, 40], [1200, 7]];
    const s = lessonScenario('chat', { kind: 'closed', users: 1, thinkMs: 0, promptTokens: [a[0], b[0]], outputTokens: [a[1], b[1]] }, { requests: 2 });
    const r = simulate(s);
    expect(r.requests.map((q) => [q.id, q.promptTokens, q.outputTokens])).toEqual([[0, a[0], a[1]], [1, b[0], b[1]]]);
    const [first, second] = r.requests;
    expect(first.sendS).toBe(0);
    // The one user sends its next request the moment its last answer has arrived.
    expect(second.sendS).toBeCloseTo(first.sendS + first.e2eMs / 1000, 9);
    expect(r.requests.every((q) => q.completed)).toBe(true);
  });

  it('without recorded lengths the same loop draws them from the workload', () => {
    const s = lessonScenario('chat', { kind: 'closed', users: 1, thinkMs: 0 }, { requests: 2 }, 0.5);
    const r = simulate(s);
    expect(r.requests.map((q) => [q.promptTokens, q.outputTokens])).not.toEqual([[300, 40], [1200, 7]]);
  });

  it.each(BAD_RECORDED_LENGTHS)('bad recorded lengths are refused with the reason: %j', (lengths, message) => {
    const s = lessonScenario('chat', { kind: 'closed', users: 2, thinkMs: 0, ...lengths }, { requests: 3 });
    expect(() => simulate(s)).toThrow(EngineInputError);
    expect(() => simulate(s)).toThrow(message);
  });

  it('property: the sampled run\'s own lengths, given back as recorded, replay it exactly (no network, so a reference request\'s fixed delays equal the drawn ones)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 0xffff }),
        fc.integer({ min: 16, max: 2000 }), fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 200 }),
        (users, requests, seed, prompt, output, thinkMs) => {
          const base = lessonScenario('chat', { kind: 'closed', users, thinkMs }, { requests, seed, networkRttMs: 0, workload: customWorkload(prompt, output, 0.6) });
          const sampled = simulate(base);
          const replayed = simulate({
            ...base,
            load: { kind: 'closed', users, thinkMs, promptTokens: sampled.requests.map((q) => q.promptTokens), outputTokens: sampled.requests.map((q) => q.outputTokens) },
          });
          expect(replayed.requests).toEqual(sampled.requests);
          expect(replayed.metrics).toEqual(sampled.metrics);
        },
      ),
      { seed: 4194, numRuns: 120 },
    );
  });

  it('property: any recorded lengths, request i has length i (completed or not)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }), fc.array(fc.tuple(fc.integer({ min: 1, max: 4000 }), fc.integer({ min: 1, max: 400 })), { minLength: 1, maxLength: 30 }), fc.integer({ min: 0, max: 0xffff }),
        (users, lengths, seed) => {
          const r = simulate(lessonScenario('chat', { kind: 'closed', users, thinkMs: 0, promptTokens: lengths.map((l) => l[0]), outputTokens: lengths.map((l) => l[1]) }, { requests: lengths.length, seed }));
          expect(r.requests.map((q) => [q.promptTokens, q.outputTokens])).toEqual(lengths);
        },
      ),
      { seed: 4195, numRuns: 80 },
    );
  });
});
