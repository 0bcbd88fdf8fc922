import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PARAMS } from '../../src/settings/schema';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README stays true to the schema', () => {
  it.each(PARAMS.map((p) => [p.key, p.flag]))('documents deep-link key %s and CLI option --%s', (key, flag) => {
    expect(readme).toContain(`\`${key}\``);
    expect(readme).toContain(`\`--${flag}`);
  });
  it('opens with exactly the two commands', () => {
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm ci && npm test');
  });
});
