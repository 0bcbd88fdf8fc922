// Speculative decoding by method through the settings: the schema's keys, the
// defaults a method brings, and every combination refused with its reason.
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';
import { settingsFromQuery } from '../../src/settings/parse';
import { scenarioFromSettings } from '../../src/settings/scenario';

const built = (q: string) => scenarioFromSettings(settingsFromQuery(q).settings);
const hw = 'server=hardware&model=llama-3.1-8b&gpu=h100-sxm';

function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = run(argv, (s) => out.push(s), (s) => err.push(s));
  return { status, out: out.join('\n'), err: err.join('\n') };
}

describe('speculative decoding by method, from the settings', () => {
  it('a method turns it on at its default K; specTokens alone is the custom form it always was', () => {
    expect(settingsFromQuery('specMethod=eagle3').settings.specTokens).toBe(7);
    expect(settingsFromQuery('specMethod=draft&specTokens=3').settings.specTokens).toBe(3);
    const custom = built('specTokens=4');
    expect(custom.ok && custom.scenario.levers?.speculative).toEqual({ tokens: 4, acceptance: 0.7, draftCost: 0.13 });
  });

  it('draft and EAGLE carry their own step cost and the tree; ngram none', () => {
    const d = built(`${hw}&specMethod=draft`);
    expect(d.ok && d.scenario.levers?.speculative).toMatchObject({ method: 'draft', tokens: 4, acceptance: 0.7, draftLabel: 'Llama-3.2-1B' });
    const e = built(`${hw}&specMethod=eagle3&specTreeWidth=16`);
    expect(e.ok && e.scenario.levers?.speculative).toMatchObject({ method: 'eagle3', tokens: 7, verifyTokens: 16 });
    expect(e.ok && typeof e.scenario.levers?.speculative?.draftStepSeconds).toBe('function');
    const n = built('workload=summarize&specMethod=ngram');
    expect(n.ok && n.scenario.levers?.speculative).toMatchObject({ method: 'ngram', draftCost: 0, tokens: 5 });
    const given = built('specMethod=ngram&specAcceptance=0.2');
    expect(given.ok && given.scenario.levers?.speculative?.acceptance).toBe(0.2);
  });

  it('a draft shrinks the KV cache of the server it runs on; prompt lookup does not', () => {
    const off = built(hw);
    const on = built(`${hw}&specMethod=draft`);
    if (!off.ok || !on.ok) throw new Error('both run');
    expect(on.scenario.server.kvCapacityTokens).toBeLessThan(off.scenario.server.kvCapacityTokens);
    const ngram = built(`${hw}&specMethod=ngram`);
    expect(ngram.ok && ngram.scenario.server.kvCapacityTokens).toBe(off.scenario.server.kvCapacityTokens);
  });

  it.each([
    [`${hw}&specMethod=draft&specDraft=llama-3.1-70b`, 'spec-draft', /not smaller/],
    [`${hw}&specMethod=draft&specDraft=mistral-7b`, 'spec-draft', /tokenizer/],
    ['server=hardware&model=llama-3.2-1b&gpu=h100-sxm&specMethod=draft', 'spec-draft', /no smaller model/],
    ['server=hardware&model=llama-3.3-70b&gpu=h100-sxm&precision=fp8&specMethod=draft&specDraft=llama-3.1-8b', 'spec-draft', /does not fit beside/],
    ['specMethod=draft', 'spec-method', /hardware server/],
    ['server=custom&specMethod=eagle', 'spec-method', /hardware server/],
    [`${hw}&engine=llamacpp&specMethod=eagle3`, 'spec-method', /llama\.cpp/],
    [`${hw}&specMethod=eagle3&specTokens=7&specTreeWidth=4`, 'spec-tree-width', /at least 8/],
    [`${hw}&specMethod=draft&specTreeWidth=16`, 'spec-tree-width', /EAGLE/],
  ])('%s is refused on %s', (q, param, why) => {
    const b = built(q);
    expect(b.ok).toBe(false);
    if (b.ok) return;
    expect(b.param).toBe(param);
    expect(b.message).toMatch(why);
  });

  it('the CLI exits 2 with the reason', () => {
    const r = cli('predict', '--requests', '5', '--model', 'llama-3.1-8b', '--gpu', 'h100-sxm', '--spec-method', 'draft', '--spec-draft', 'mistral-7b');
    expect(r.status).toBe(2);
    expect(r.err).toContain('--spec-draft');
    expect(r.err).toMatch(/tokenizer/);
    expect(cli('predict', '--spec-method', 'medusa').status).toBe(2);
    expect(cli('predict', '--spec-tree-width', '65').status).toBe(2);
  });

  it('predict --json names the method, the draft and the draft memory', () => {
    const r = cli('predict', '--requests', '20', '--model', 'llama-3.3-70b', '--gpu', 'h200', '--precision', 'fp8', '--spec-method', 'draft', '--json');
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.scenario.levers.speculative).toMatchObject({ method: 'draft', draft: 'Llama-3.2-1B', tokens: 4, verifyTokens: 5, draftCost: null });
    expect(doc.memory[0].draftWeightsGiB).toBeCloseTo(1_498_482_688 / 2 ** 30, 3);
    expect(doc.memory[0].draftKvGiB).toBeGreaterThan(0);
  });
});
