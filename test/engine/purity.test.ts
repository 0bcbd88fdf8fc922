import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rule that keeps React, the DOM and views out of src/engine must bite.
describe('engine purity lint rule', () => {
  const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });
  const lint = async (code: string) => (await eslint.lintText(code, { filePath: 'src/engine/probe.ts' }))[0].messages.map((m) => m.ruleId);

  it.each([
    "import { useState } from 'react';\nexport const x = useState;",
    "import { select } from 'd3-selection';\nexport const x = select;",
    "import { App } from '../views/App';\nexport const x = App;",
    'export const w = () => window.innerWidth;',
    'export const d = () => document.title;',
  ])('rejects %s', async (code) => {
    expect(await lint(code)).toEqual(expect.arrayContaining([expect.stringMatching(/no-restricted-(imports|globals)/)]));
  });

  it('accepts pure code', async () => {
    expect(await lint("import { scaleLinear } from 'd3-scale';\nexport const s = scaleLinear;")).toEqual([]);
  });
});
