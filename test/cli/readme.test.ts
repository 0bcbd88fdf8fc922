import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGE_KEYS } from '../../src/settings/pageKeys';
import { PARAMS } from '../../src/settings/schema';
import { PAGE_SECTIONS } from '../../src/views/layout/sections';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README stays true to the schema', () => {
  it.each(PARAMS.map((p) => [p.key, p.flag]))('documents deep-link key %s and CLI option --%s', (key, flag) => {
    expect(readme).toContain(`\`${key}\``);
    expect(readme).toContain(`\`--${flag}`);
  });
  it.each(PAGE_KEYS.map((k) => [k]))('documents page key %s in the table of page keys', (key) => {
    expect(readme).toContain(`| \`${key}\` |`);
  });
  it.each(PAGE_SECTIONS.map((s) => [s.id]))('documents the section anchor #%s', (id) => {
    expect(readme).toContain(`\`#${id}\``);
  });
  it('opens with exactly the two commands', () => {
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm ci && npm test');
  });
});

describe("README's calibration figures", () => {
  const report = readFileSync(new URL('../../docs/calibration.md', import.meta.url), 'utf8');
  /** Median and p90 of the generated report's line for `label` over all sources. */
  const allLine = (label: string): [string, string] => {
    const line = report.split('\n').find((l) => l.startsWith(`| ${label} | all |`));
    if (!line) throw new Error(`no "${label}" line in docs/calibration.md`);
    const cells = line.split('|').map((c) => c.trim());
    return [cells[4], cells[5]];
  };
  it('match the generated report in docs/calibration.md', () => {
    const flat = readme.replace(/\s+/g, ' ');
    const [satMedian, satP90] = allLine('Throughput, saturated (output tok/s)');
    expect(flat).toContain(`median error ${satMedian} on saturated throughput (90th percentile ${satP90})`);
    expect(flat).toContain(`${allLine('TTFT, batch 1 (ms)')[0]} on batch-1 TTFT`);
    const [ttft, ttftP90] = allLine('TTFT under load, mean (ms)');
    const [tpot, tpotP90] = allLine('TPOT under load, mean (ms)');
    const [thr, thrP90] = allLine('Throughput under load (output tok/s)');
    expect(flat).toContain(
      `under load ${ttft} on TTFT (p90 ${ttftP90}), ${tpot} on TPOT (p90 ${tpotP90}) and ${thr} on throughput (p90 ${thrP90})`,
    );
    const knees = /The 3× knee falls at the measured load point in (\d+) of (\d+) curves, the 10× knee in (\d+)\./.exec(report);
    expect(knees).not.toBeNull();
    expect(flat).toContain(`3× queueing knee at the measured load in ${knees![1]} of ${knees![2]} curves and the 10× knee in ${knees![3]}`);
  });
});
