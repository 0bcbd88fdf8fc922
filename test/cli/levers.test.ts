import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';

function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = run(argv, (s) => out.push(s), (s) => err.push(s));
  return { status, out: out.join('\n'), err: err.join('\n') };
}

describe('lab CLI levers', () => {
  it.each([
    [['--prefix-cache-share', '2'], '--prefix-cache-share'],
    [['--spec-tokens', '-1'], '--spec-tokens'],
    [['--spec-acceptance', 'high'], '--spec-acceptance'],
    [['--spec-draft-cost', '11'], '--spec-draft-cost'],
    [['--replicas', '0'], '--replicas'],
    [['--prefill-gpus', '2'], '--decode-gpus'],
    [['--prefill-gpus', '1', '--decode-gpus', '1', '--replicas', '2'], '--replicas'],
    [['--server', 'custom', '--custom-ttft-ms', '10'], '--custom-ttft-ms'],
    [['--custom-tok-per-sec', '0'], '--custom-tok-per-sec'],
    [['--pin', 'users=zero'], '--pin pin.users'],
    [['--pin', 'prefillGpus=1'], '--pin pin.decode-gpus'],
    [['--prefill-tp', '3'], '--prefill-tp'],
    [['--kv-link', 'carrier-pigeon'], '--kv-link'],
    [['--kv-link', 'nvlink'], '--kv-link'],
    [['--model', 'llama-3.1-70b', '--tp', '2', '--prefill-gpus', '2', '--decode-gpus', '2', '--decode-tp', '1'], '--decode-tp: the decode pool at TP 1 cannot run'],
    [['--model', 'llama-3.1-8b', '--prefill-gpus', '3', '--decode-gpus', '2', '--prefill-tp', '2'], '--prefill-gpus: 3 GPUs do not make whole instances of 2 GPUs (prefill-tp 2)'],
  ])('a bad lever value %j exits 2 naming %s', (flags, named) => {
    const r = cli('predict', '--requests', '5', ...flags);
    expect(r.status).toBe(2);
    expect(r.err).toContain(named);
  });

  it('predict --json carries each pool\'s TP and the named link, and the text says them', () => {
    const flags = ['predict', '--model', 'llama-3.1-8b', '--gpu', 'h100-sxm', '--tp', '2', '--users', '8', '--requests', '40', '--prefill-gpus', '4', '--decode-gpus', '4', '--prefill-tp', '4', '--decode-tp', '1', '--kv-link', 'ethernet'];
    const r = cli(...flags, '--json');
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.scenario.levers).toMatchObject({ prefillInstances: 1, decodeInstances: 4, prefillTp: 4, decodeTp: 1, gpus: 8, kvLink: { bytesPerSecPerGpu: 12.5e9, latencyUs: 50, bytesPerTokenPerGpu: 131_072 } });
    expect(doc.instances.map((i: { gpus: number }) => i.gpus)).toEqual([4, 1, 1, 1, 1]);
    const text = cli(...flags).out;
    expect(text).toContain('1 prefill + 4 decode instance(s) (prefill TP 4, decode TP 1), KV over 100 GbE (12.5 GB/s each way per GPU, TCP) + 50 µs latency');
  });

  it('predict --json carries the levers, the instances and the hand-off of the representative request', () => {
    const r = cli('predict', '--workload', 'chat', '--users', '8', '--requests', '40', '--prefill-gpus', '1', '--decode-gpus', '2', '--prefix-cache-share', '0.5', '--json');
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.scenario.levers).toMatchObject({ prefixCacheShare: 0.5, prefillInstances: 1, decodeInstances: 2, gpus: 3, speculative: null });
    expect(doc.scenario.levers.kvLink.bytesPerSecPerGpu).toBe(64e9);
    expect(doc.instances.map((i: { role: string }) => i.role)).toEqual(['prefill', 'decode', 'decode']);
    expect(doc.instances[0].routed).toBe(40);
    const rep = doc.representative;
    expect(rep.cachedTokens).toBeGreaterThan(0);
    expect(rep.prefillSavedMs).toBeGreaterThan(0);
    expect(rep.kvTransferMs).toBeCloseTo((rep.promptTokens - rep.cachedTokens) * 131072 / 64e9 * 1000, 2);
    expect(rep.prefillInstance).toBe(0);
    expect(rep.instance).toBeGreaterThan(0);
  });

  it('without levers the JSON says so: no instances, everything off', () => {
    const doc = JSON.parse(cli('predict', '--requests', '5', '--json').out);
    expect(doc.instances).toBeNull();
    expect(doc.scenario.levers).toEqual({ prefixCacheShare: 0, prefixCache: null, router: 'least-loaded', speculative: null, replicas: 1, prefillInstances: 0, decodeInstances: 0, gpusPerInstance: 1, gpus: 1, kvLink: null });
    expect(doc.representative).toMatchObject({ cachedTokens: 0, prefillSavedMs: 0, kvTransferMs: 0, instance: -1, prefillInstance: -1 });
  });

  it('predict --pin runs the baseline too and compares the headline numbers', () => {
    const r = cli('predict', '--workload', 'report', '--spec-tokens', '4', '--requests', '3', '--pin', 'workload=report&requests=3', '--json');
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.baseline.scenario.levers.speculative).toBeNull();
    expect(doc.comparison.changes).toEqual([{ key: 'specTokens', baseline: null, current: '4' }]);
    const tpot = doc.comparison.metrics.find((m: { id: string }) => m.id === 'tpotP50Ms');
    expect(tpot.lowerIsBetter).toBe(true);
    expect(tpot.ratio).toBeLessThan(0.7);
    expect(tpot.baseline).toBeCloseTo(doc.baseline.metrics.tpotMs.p50, 3);
    expect(tpot.current).toBeCloseTo(doc.metrics.tpotMs.p50, 3);
    const text = cli('predict', '--workload', 'report', '--spec-tokens', '4', '--requests', '3', '--pin', '?workload=report&requests=3');
    expect(text.out).toMatch(/Against the pinned baseline \(changed: specTokens default → 4\)/);
    expect(text.out).toMatch(/Levers {4}speculative decoding K = 4/);
  });

  it('sweep --pin gives both curves on the same axis', () => {
    const r = cli('sweep', '--workload', 'chat', '--requests', '120', '--sweep-rates', '1,4', '--replicas', '2', '--pin', 'workload=chat&requests=120', '--json');
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.points).toHaveLength(2);
    expect(doc.baseline.points).toHaveLength(2);
    expect(doc.baseline.points.map((p: { ratePerSec: number }) => p.ratePerSec)).toEqual([1, 4]);
    expect(doc.changes).toEqual([{ key: 'replicas', baseline: null, current: '2' }]);
    for (const p of [...doc.points, ...doc.baseline.points]) expect(p.goodputReqPerSec).toBeLessThanOrEqual(p.requestsPerSec);
  });
});
