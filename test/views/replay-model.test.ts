import { describe, expect, it } from 'vitest';
import type { RunMetrics, Stats } from '../../src/engine/types';
import { DEFAULT_SETTINGS } from '../../src/settings/schema';
import { hardwareHint } from '../../src/traces/sameHardware';
import { largestGap, replayCards } from '../../src/views/compare/replayModel';
import { sameHardwareSettings, serverText } from '../../src/views/compare/replayServer';

const stats = (p50: number, p90: number, p99: number, count = 10): Stats => ({ count, mean: p50, min: p50, max: p99, p50, p90, p95: p99, p99 } as Stats);
const metrics = (ttft: Stats, tpot: Stats, e2e: Stats, outputTokPerSec: number, requestsPerSec: number): RunMetrics =>
  ({ ttftMs: ttft, tpotMs: tpot, e2eMs: e2e, itlMs: stats(0, 0, 0, 0), outputTokPerSec, requestsPerSec } as unknown as RunMetrics);

describe('measured against replayed', () => {
  const measured = metrics(stats(100, 200, 1200), stats(10, 12, 14), stats(1000, 1500, 2000), 400, 4);
  const replayed = metrics(stats(90, 150, 310), stats(11, 12, 13), stats(900, 1400, 1900), 420, 4);

  it('four cards: TTFT, TPOT, E2E at p50/p90/p99 and the two throughputs, with the replay\'s ratio', () => {
    const cards = replayCards(measured, replayed);
    expect(cards.map((c) => c.key)).toEqual(['ttft', 'tpot', 'e2e', 'throughput']);
    expect(cards[0].rows.map((r) => r.label)).toEqual(['p50', 'p90', 'p99']);
    expect(cards[0].rows[2]).toMatchObject({ measuredText: '1.20 s', replayedText: '310 ms', ratioText: '0.26×' });
    expect(cards[3].rows.map((r) => r.label)).toEqual(['output', 'requests']);
  });

  it('names the number where the two differ most, and which way', () => {
    expect(largestGap(replayCards(measured, replayed))).toEqual({ key: 'ttft-p99', text: 'They differ most in p99 TTFT: measured 1.20 s, replayed 310 ms (the replay 3.9× faster).' });
    const slowThroughput = metrics(stats(100, 200, 1200), stats(10, 12, 14), stats(1000, 1500, 2000), 100, 1);
    expect(largestGap(replayCards(measured, slowThroughput))?.text).toMatch(/^They differ most in (output|requests) throughput: .*\(the replay 4× lower\)\.$/);
  });

  it('a statistic without data shows as such and is never the largest gap', () => {
    const noTpot = metrics(stats(100, 200, 1200), stats(0, 0, 0, 0), stats(1000, 1500, 2000), 400, 4);
    const cards = replayCards(noTpot, replayed);
    expect(cards[1].rows[0]).toMatchObject({ measuredText: 'no data', ratioText: '—' });
    expect(largestGap(cards)?.key).toBe('ttft-p99');
  });

  it('the server named as the controls name it', () => {
    expect(serverText(DEFAULT_SETTINGS)).toBe('the lesson server');
    expect(serverText({ ...DEFAULT_SETTINGS, server: 'hardware', model: 'llama-3.1-8b', gpu: 'h100-sxm', tp: 2, engine: 'vllm' })).toBe('Llama-3.1-8B on 2 × H100 SXM 80GB, vLLM');
    expect(serverText({ ...DEFAULT_SETTINGS, server: 'hardware', model: 'llama-3.1-70b', gpu: 'h100-sxm', tp: 2, prefillGpus: 2, decodeGpus: 4, engine: 'none' })).toBe('Llama-3.1-70B on 2 prefill + 4 decode H100 SXM 80GB (TP 2), the lab\'s own scheduler');
  });
});

describe('the hardware an imported run names', () => {
  it('the lab moved to it: the named model and GPU, the lab\'s other settings kept; none when no model is known', () => {
    const lab = { ...DEFAULT_SETTINGS, server: 'hardware' as const, model: 'qwen3-8b', gpu: 'l4', tp: 2, engine: 'sglang' as const };
    const same = sameHardwareSettings({ servedModel: 'meta-llama/Llama-3.1-8B-Instruct', label: 'run.json' }, lab);
    expect(same?.settings).toEqual({ ...lab, model: 'llama-3.1-8b', gpu: 'l4' });
    expect(sameHardwareSettings({ label: 'llama-3.1-8b_h100.json' }, DEFAULT_SETTINGS)?.settings).toMatchObject({ server: 'hardware', model: 'llama-3.1-8b', gpu: 'h100-sxm' });
    expect(sameHardwareSettings({ label: 'profile_export.json' }, lab)).toBeNull();
  });


  it.each([
    [{ servedModel: 'meta-llama/Llama-3.1-8B-Instruct', label: 'vllm_h100_tp2.json' }, { model: 'llama-3.1-8b', gpu: 'h100-sxm' }],
    [{ servedModel: 'meta-llama/Meta-Llama-3.1-70B-Instruct', label: 'result.json' }, { model: 'llama-3.1-70b', gpu: null }],
    [{ label: 'Qwen3-30B-A3B_H100-PCIe.json' }, { model: 'qwen3-30b-a3b', gpu: 'h100-pcie' }],
    [{ label: 'qwen2.5-72b-on-a100.json' }, { model: 'qwen2.5-72b', gpu: 'a100-80gb-sxm' }],
    [{ label: 'profile_export.json' }, { model: null, gpu: null }],
    [{ label: 'llama-3.1-80b-l4000.json' }, { model: null, gpu: null }],
  ])('%j → %j', (run, hint) => {
    expect(hardwareHint(run)).toEqual(hint);
  });
});
