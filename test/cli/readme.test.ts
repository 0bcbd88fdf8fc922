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
