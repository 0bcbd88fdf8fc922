import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';

// The README's replay, end to end: each `$ npm run --silent lab -- …` line of the quoted block is rerun
// here, and every line quoted under it must be one the command prints (on the fixture in test/fixtures).

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The quoted block: each command with the lines quoted under it. */
function quotedReplay(): { args: string[]; lines: string[] }[] {
  const block = readme.match(/```\n(\$ npm run --silent lab -- import test\/fixtures\/replay-[\s\S]*?)\n```/);
  if (!block) throw new Error('the README no longer quotes the replay example this test checks');
  const out: { args: string[]; lines: string[] }[] = [];
  for (const line of block[1].split('\n')) {
    const cmd = /^\$ npm run --silent lab -- (.+)$/.exec(line);
    if (cmd) out.push({ args: cmd[1].trim().split(/\s+/), lines: [] });
    else out.at(-1)!.lines.push(line);
  }
  return out;
}

describe("the README's replay example", () => {
  const steps = quotedReplay();

  it('quotes three commands: the import and two replays of the same fixture', () => {
    expect(steps.map((s) => s.args[0])).toEqual(['import', 'predict', 'predict']);
    expect(steps.every((s) => s.lines.length >= 3)).toBe(true);
  });

  it.each(steps.map((s, i) => [i + 1, s] as const))('command %i prints every line quoted under it', (_, step) => {
    // Paths in the README are from the repository's root.
    const args = step.args.map((a) => (a.startsWith('test/fixtures/') ? `${ROOT}${a}` : a));
    const out: string[] = [];
    const err: string[] = [];
    expect(run(args, (s) => out.push(s), (s) => err.push(s))).toBe(0);
    expect(err.join('')).toBe('');
    const printed = out.join('\n').split('\n').map((l) => l.trimEnd());
    for (const quoted of step.lines) expect(printed).toContain(quoted.trimEnd());
  });
});

describe("the README's words on the replay", () => {
  const fixture = `${ROOT}test/fixtures/replay-vllm_llama-3.1-8b_h100.json`;
  const json = (argv: string[]) => {
    const out: string[] = [];
    expect(run([...argv, '--json'], (s) => out.push(s), () => {})).toBe(0);
    return JSON.parse(out.join(''));
  };
  const replay = (gpu: string) => json(['predict', '--replay', fixture, '--server', 'hardware', '--model', 'llama-3.1-8b', '--gpu', gpu, '--engine', 'vllm', '--ranges', 'off']);

  it('on its own hardware: throughput within a few percent, TTFT percentiles within 20 ms', () => {
    const measured = json(['import', fixture]).runs[0].metrics;
    const same = replay('h100-sxm').metrics;
    expect(Math.abs(same.outputTokPerSec / measured.outputTokPerSec - 1)).toBeLessThan(0.03);
    for (const p of ['mean', 'p50', 'p90', 'p95', 'p99']) expect(Math.abs(same.ttftMs[p] - measured.ttftMs[p])).toBeLessThan(20);
  });

  it('the traffic: 6.5 requests per second of 1,068-token prompts; on one L4 none meets the TTFT target, and requests queue for seconds', () => {
    const l4 = replay('l4');
    expect(l4.trace.meanRatePerSec.toFixed(1)).toBe('6.5');
    expect(l4.scenario.promptTokens).toBe(1068);
    expect(l4.metrics.sloMetShare).toBe(0);
    expect(l4.metrics.ttftMs.p50).toBeGreaterThan(1000);
  });
});
