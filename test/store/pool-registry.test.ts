// The page builds a disaggregated run without loading settings/pools.ts when no pool has settings of its own
// (settings/poolRegistry.ts): that shortcut must be what poolsOf itself gives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { poolsAtTp, POOLS_LOADING, resolvePools } from '../../src/settings/poolRegistry';
import { poolsOf } from '../../src/settings/pools';
import { settingsFromQuery } from '../../src/settings/parse';
import { resolveServer } from '../../src/settings/scenario';

describe('the pools without their module', () => {
  it('are what poolsOf makes when no pool setting is set, on every server', () => {
    const servers = ['server=lesson', 'server=custom&customTtftMs=400&customTokPerSec=60', 'server=hardware&model=llama-3.1-8b&gpu=h100-sxm', 'server=hardware&model=llama-3.1-70b&gpu=h100-sxm&tp=4'];
    let split = 0;
    fc.assert(
      fc.property(fc.constantFrom(...servers), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), (server, p, d) => {
        const tp = Number(/tp=(\d)/.exec(server)?.[1] ?? 1);
        const pools = p + d > 0 ? `&prefillGpus=${Math.max(1, p) * tp}&decodeGpus=${Math.max(1, d) * tp}` : '';
        const s = settingsFromQuery(`${server}${pools}`).settings;
        const main = resolveServer(s);
        if (!main.ok) throw new Error(main.message);
        const full = poolsOf(s, main.profile);
        expect(full.ok).toBe(true);
        if (full.ok) {
          expect(poolsAtTp(s, main.profile)).toStrictEqual(full.pools);
          if (full.pools) split++;
        }
      }),
      { numRuns: 60 },
    );
    // Both kinds were drawn: colocated (no pools) and split.
    expect(split).toBeGreaterThan(0);
    expect(split).toBeLessThan(60);
  });

  it('once pools.ts has loaded (as here) are poolsOf, own settings included; before, such settings wait for it', () => {
    const s = settingsFromQuery('server=hardware&model=llama-3.1-8b&gpu=h100-sxm&prefillGpus=4&decodeGpus=4&decodeTp=2').settings;
    const main = resolveServer(s);
    if (!main.ok) throw new Error(main.message);
    // The decode pool's own server at TP 2: only pools.ts builds it (each build has its own cost function).
    expect(resolvePools(s, main.profile)).toMatchObject({ ok: true, pools: { prefillTp: 1, decodeTp: 2, decodeServer: { gpus: 2 } } });
    expect(POOLS_LOADING).toMatch(/^loading/);
  });
});
