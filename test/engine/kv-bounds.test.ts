/**
 * Each KV cache operation that reads the capacity records it in the probe:
 * after one call, the bounds accept exactly the capacities at which the same
 * call on the same cache state answers the same (see scheduler/kvBounds.ts).
 */
import { describe, expect, it } from 'vitest';
import { activeFor, type Active } from '../../src/engine/scheduler/active';
import { pagedKv, reserveKv, type KvCache } from '../../src/engine/scheduler/kv';
import { KvProbe, sameKvDecisionsAt } from '../../src/engine/scheduler/kvBounds';
import type { RequestRecord } from '../../src/engine/types';

const BLOCK = 16;

function request(id: number, promptTokens: number, outputTokens: number): Active {
  const rec = { id, userId: 0, promptTokens, outputTokens, sendS: 0, networkOutS: 0, serverArrivalS: 0, admitS: -1, prefillStartS: -1, firstTokenServerS: -1, lastTokenServerS: -1, completed: false, ttftMs: 0, tpotMs: 0, e2eMs: 0, queueMs: 0, preemptions: 0, recomputedTokens: 0, pausesS: null } as RequestRecord;
  return activeFor(rec);
}

/** A cache at `capacity` holding two decoding requests, and the answer of `op` on it. */
function answer(paged: boolean, watermark: number, capacity: number, op: (kv: KvCache, decoders: Active[]) => unknown, probe?: KvProbe): unknown {
  const kv = paged ? pagedKv(capacity, BLOCK, watermark, undefined, probe) : reserveKv(capacity, undefined, probe);
  const running = [request(0, 700, 300), request(1, 450, 200)];
  for (const a of running) {
    kv.tryAdmit(a, true);
    kv.grow(a, a.target + 37);
    a.prefilled = a.target;
    a.generated = 38;
  }
  return op(kv, running);
}

const OPS: [string, (kv: KvCache, d: Active[]) => unknown][] = [
  ['neverFits', (kv) => kv.neverFits(request(9, 900, 400))],
  ['tryAdmit alone', (kv) => kv.tryAdmit(request(9, 900, 400), true)],
  ['tryAdmit', (kv) => kv.tryAdmit(request(9, 900, 400), false)],
  ['shortfallForNextToken', (kv, d) => kv.shortfallForNextToken(d, 3) > 0],
  ['decodeStepsAllowed', (kv, d) => kv.decodeStepsAllowed(d, 400, 1)],
];

describe('the KV probe', () => {
  for (const [paged, watermark] of [[false, 0], [true, 0], [true, 0.05]] as const) {
    // Reserve admission never runs out mid-run: its shortfall and decode steps do not read the capacity.
    for (const [name, op] of paged ? OPS : OPS.slice(0, 3)) {
      it(`records ${name} (${paged ? `paged, watermark ${watermark}` : 'reserve'})`, () => {
        const capacities = Array.from({ length: 260 }, (_, i) => 800 + 16 * i);
        let sawOther = false;
        for (const at of [1500, 2400, 3300, 4200]) {
          const probe = new KvProbe(at, paged ? BLOCK : 1, paged ? watermark : 0, 0);
          const here = answer(paged, watermark, at, op, probe);
          const bounds = probe.bounds();
          for (const c of capacities) {
            const there = answer(paged, watermark, c, op);
            // Accepted ⇒ the same answer; and a capacity the bounds refuse must answer differently for some step of the setup or the call.
            if (sameKvDecisionsAt(bounds, c)) expect({ c, there }).toEqual({ c, there: here });
            if (there !== here) sawOther = true;
          }
        }
        expect(sawOther).toBe(true);
      });
    }
  }
});
