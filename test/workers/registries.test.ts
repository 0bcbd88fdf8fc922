// The speculative methods and the per-pool settings register themselves when their modules are imported
// (settings/specRegistry.ts, settings/poolRegistry.ts). The page loads them on first use; every other
// entry point that builds scenarios (each worker, the CLI, the bench scripts) must import them up front,
// or a run that uses them says "loading…" forever. The unit tests cannot see a missing import (test/setup.ts
// imports both), so this follows each entry point's static imports.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SCENARIO = join(ROOT, 'src/settings/scenario.ts');
const REGISTERED = [join(ROOT, 'src/settings/speculative.ts'), join(ROOT, 'src/settings/pools.ts')];

/** A module's static value imports (not `import type`, not dynamic `import()`), resolved to files. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm)) {
    const base = resolve(dirname(file), m[1]);
    const hit = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base].find((f) => existsSync(f) && f.match(/\.tsx?$/));
    if (hit) found.push(hit);
  }
  return found;
}

function closure(entry: string): Set<string> {
  const seen = new Set<string>();
  const todo = [entry];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...staticImports(f));
  }
  return seen;
}

const entries = [
  ...readdirSync(join(ROOT, 'src/workers')).filter((f) => f.endsWith('.worker.ts')).map((f) => join(ROOT, 'src/workers', f)),
  join(ROOT, 'src/cli/main.ts'),
  ...readdirSync(join(ROOT, 'scripts')).filter((f) => /^bench.*\.ts$/.test(f)).map((f) => join(ROOT, 'scripts', f)),
];

describe('entry points that build scenarios register the lazily loaded settings', () => {
  it('finds the entry points and follows their imports', () => {
    expect(entries.length).toBeGreaterThan(5);
    // The page's own entry builds scenarios too, but loads both registries on first use (workers/simClient.ts).
    expect(closure(join(ROOT, 'src/main.tsx')).has(SCENARIO)).toBe(true);
  });
  for (const entry of entries) {
    it(`${entry.slice(ROOT.length + 1)}`, () => {
      const all = closure(entry);
      if (!all.has(SCENARIO)) return;
      for (const r of REGISTERED) expect(all.has(r), `${entry.slice(ROOT.length + 1)} builds scenarios but never imports ${r.slice(ROOT.length + 1)}`).toBe(true);
    });
  }
});
