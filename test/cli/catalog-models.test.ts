import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';

function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = run(argv, (s) => out.push(s), (s) => err.push(s));
  return { status, out: out.join('\n'), err: err.join('\n') };
}

describe('lab CLI: the models of issue 19', () => {
  it('list shows them, their checkpoint precision and that they are unfitted', () => {
    const text = cli('list').out;
    for (const id of ['llama-3.2-1b', 'llama-3.2-3b', 'qwen3-8b', 'qwen3-14b', 'qwen3-32b', 'qwen3-30b-a3b', 'gpt-oss-20b', 'gpt-oss-120b', 'deepseek-v3', 'deepseek-r1', 'gemma-3-27b']) {
      expect(text).toMatch(new RegExp(`^  ${id.replace(/\./g, '\\.')} `, 'm'));
    }
    expect(text).toMatch(/gpt-oss-120b, 117B params \(5\.1B active\); --tp 1\/2\/4\/8; --precision mxfp4 only; unfitted/);
    const doc = JSON.parse(cli('list', '--json').out);
    const ds = doc.models.find((m: { id: string }) => m.id === 'deepseek-v3');
    expect(ds.measured).toBe(false);
    expect(ds.precisions).toBeNull();
    expect(doc.models.find((m: { id: string }) => m.id === 'llama-3.1-8b').measured).toBe(true);
  });

  it.each([
    [['--model', 'gpt-oss-120b', '--gpu', 'h100-sxm', '--precision', 'bf16'], /published in mxfp4 only/],
    [['--model', 'llama-3.1-8b', '--gpu', 'h100-sxm', '--precision', 'mxfp4'], /has none in it/],
    [['--model', 'deepseek-v3', '--gpu', 'h100-sxm', '--precision', 'fp8', '--tp', '8'], /At fp8 it fits only on h200/],
  ])('refuses %j with exit 2 and the reason', (argv, pattern) => {
    const r = cli('predict', ...argv, '--requests', '5');
    expect(r.status).toBe(2);
    expect(r.err).toMatch(pattern);
  });

  it('runs gpt-oss-20b in MXFP4 on one L4 and DeepSeek-V3 in FP8 on 8 H200', () => {
    for (const argv of [['--model', 'gpt-oss-20b', '--gpu', 'l4', '--precision', 'mxfp4'], ['--model', 'deepseek-v3', '--gpu', 'h200', '--precision', 'fp8', '--tp', '8']]) {
      const r = cli('predict', ...argv, '--requests', '10', '--json');
      expect(r.status).toBe(0);
      const doc = JSON.parse(r.out);
      expect(doc.metrics.tpotMs.p50).toBeGreaterThan(0);
      expect(r.out).not.toMatch(/NaN|Infinity/);
    }
  });
});
