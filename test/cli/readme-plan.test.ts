import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runPlan } from '../../src/cli/plan';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The README's `lab plan` command and the block it prints, as quoted. */
function quotedPlan(): { args: string[]; block: string } {
  const cmd = readme.match(/npm run --silent lab -- plan (--model llama-3\.1-8b [^\n]+)\n/);
  const block = readme.match(/```\n(Plan: llama-3\.1-8b at [\s\S]*?)\n…\n```/);
  if (!cmd || !block) throw new Error('the README no longer quotes the lab plan example this test checks');
  return { args: cmd[1].trim().split(/\s+/), block: block[1] };
}

describe("the README's lab plan example", { timeout: 300_000 }, () => {
  it('prints what the README quotes (counts and the first two deployments; the seconds are this machine’s)', () => {
    const { args, block } = quotedPlan();
    const out: string[] = [];
    const err: string[] = [];
    expect(runPlan(['plan', ...args].slice(1), (s) => out.push(s), (s) => err.push(s))).toBe(0);
    expect(err.join('')).toBe('');
    const printed = out.join('').split('\n');
    const quoted = block.split('\n');
    expect(printed[0]).toBe(quoted[0]);
    // Every figure of the counts line but the wall time.
    const counts = (line: string) => line.replace(/ in [\d.]+ s;/, ' in _ s;');
    expect(counts(printed[1])).toBe(counts(quoted[1]));
    // The table's header and the rows the README shows, character for character.
    const start = printed.findIndex((l) => l.startsWith(' #  GPUs'));
    expect(start).toBeGreaterThan(0);
    const shown = quoted.slice(quoted.findIndex((l) => l.startsWith(' #  GPUs')));
    expect(shown.length).toBeGreaterThan(1);
    expect(printed.slice(start, start + shown.length).map((l) => l.trimEnd())).toEqual(shown.map((l) => l.trimEnd()));
  });
});
