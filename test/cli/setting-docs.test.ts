import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';
import { SETTING_DOCS } from '../../src/settings/docs';
import { PARAMS } from '../../src/settings/schema';

describe('the settings’ one-line docs', () => {
  it('document every key of the schema table, and nothing else', () => {
    expect(Object.keys(SETTING_DOCS).sort()).toEqual(PARAMS.map((p) => p.key).sort());
    for (const [key, doc] of Object.entries(SETTING_DOCS)) expect(doc.trim().length, key).toBeGreaterThan(10);
  });

  it('reach `lab --help`, each beside its option', () => {
    const out: string[] = [];
    expect(run(['--help'], (s) => out.push(s), () => undefined)).toBe(0);
    const help = out.join('');
    for (const p of PARAMS) expect(help).toContain(`--${p.flag.padEnd(16)} ${SETTING_DOCS[p.key]} Accepts`);
  });
});
