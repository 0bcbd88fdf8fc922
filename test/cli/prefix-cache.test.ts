import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';
import { settingsFromQuery } from '../../src/settings/parse';
import { scenarioFromSettings } from '../../src/settings/scenario';

function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = run(argv, (s) => out.push(s), (s) => err.push(s));
  return { status, out: out.join('\n'), err: err.join('\n') };
}

const refusals: [string[], string, RegExp][] = [
  [['--prefix-groups', '4'], '--prefix-tokens', /need a prefix length/],
  [['--prefix-tokens', '100'], '--prefix-groups', /needs groups/],
  [['--prefix-groups', '2', '--prefix-tokens', '900'], '--prefix-tokens', /longer than the shortest prompt the workload sends \(800 tokens\)/],
  [['--turns', '0'], '--turns', /out of range/],
  [['--prefix-cache-share', '0.5', '--prefix-groups', '2', '--prefix-tokens', '100'], '--prefix-groups', /not both/],
  [['--router', 'prefix-aware', '--replicas', '2'], '--router', /follows the prefix cache/],
  [['--router', 'nearest'], '--router', /least-loaded, prefix-aware/],
  [['--turns', '2', '--prefill-gpus', '1', '--decode-gpus', '1'], '--prefix-groups', /colocated/],
];

describe('the prefix cache in KV memory on the command line and in links', () => {
  it.each(refusals)('%j exits 2 naming %s with the reason', (flags, named, reason) => {
    const r = cli('predict', '--workload', 'chat', '--requests', '5', ...flags);
    expect(r.status).toBe(2);
    expect(r.err).toContain(named);
    expect(r.err).toMatch(reason);
  });

  it('the page gets the same reasons from the settings (its notice), not a thrown run', () => {
    const built = scenarioFromSettings(settingsFromQuery('workload=chat&prefixGroups=2&prefixTokens=900').settings);
    expect(built).toMatchObject({ ok: false, param: 'prefix-tokens' });
    if (!built.ok) expect(built.message).toMatch(/^a 900-token prefix is longer/);
  });

  it('predict --json carries the options and prefixHitRate; null without prefix caching', () => {
    const on = JSON.parse(cli('predict', '--json', '--workload', 'chat', '--users', '4', '--requests', '40', '--replicas', '2', '--prefix-groups', '2', '--prefix-tokens', '500', '--turns', '2', '--router', 'prefix-aware').out);
    expect(on.scenario.levers).toMatchObject({ prefixCache: { groups: 2, prefixTokens: 500, turns: 2 }, router: 'prefix-aware', replicas: 2 });
    expect(on.metrics.prefixHitRate).toBeGreaterThan(0.3);
    expect(on.metrics.prefixHitRate).toBeLessThan(1);
    const off = JSON.parse(cli('predict', '--json', '--workload', 'chat', '--requests', '10').out);
    expect(off.metrics.prefixHitRate).toBeNull();
    const text = cli('predict', '--workload', 'chat', '--requests', '20', '--turns', '2').out;
    expect(text).toMatch(/Prefix cache \d+\.\d% of prompt tokens found cached/);
  });

  it('links carry the keys and round-trip them', () => {
    const s = settingsFromQuery('prefixGroups=3&prefixTokens=400&turns=2&router=prefix-aware&replicas=2').settings;
    expect([s.prefixGroups, s.prefixTokens, s.turns, s.router]).toEqual([3, 400, 2, 'prefix-aware']);
    const built = scenarioFromSettings(s);
    expect(built.ok && built.scenario.levers).toEqual({ prefixCache: { groups: 3, prefixTokens: 400, turns: 2 }, router: 'prefix-aware', replicas: 2 });
    const plain = scenarioFromSettings(settingsFromQuery('').settings);
    expect(plain.ok && plain.scenario.levers).toBeUndefined();
  });
});
