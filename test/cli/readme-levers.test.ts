// The Levers section of the README quotes runs of the engine; this recomputes
// each one, so a change to the engine that moves a figure fails here until
// the README says the new one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { simulate, sweep, type RunResult } from '../../src/engine';
import { SPEC_CROSSOVER } from '../../src/lesson/scenes';
import { settingsFromQuery } from '../../src/settings/parse';
import { scenarioFromSettings } from '../../src/settings/scenario';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');

function scenarioOf(query: string) {
  const built = scenarioFromSettings(settingsFromQuery(query).settings);
  if (!built.ok) throw new Error(`${query}: ${built.message}`);
  return built.scenario;
}
const run = (query: string): RunResult => simulate(scenarioOf(query));
const ms1 = (x: number) => x.toFixed(1);
const count = (x: number) => Math.round(x).toLocaleString('en-US');

/** The README's crossover table: each method's rows and the users it is run at. */
const SPEC_USERS = [1, 4, 16, 64, 256];
const SPEC_ROWS: [string, string][] = [
  ['`draft` (Llama-3.2-1B, K = 4, A = 0.7)', 'specMethod=draft'],
  ['`eagle` (EAGLE-2, depth 7, 60-token tree)', 'specMethod=eagle'],
  ['`eagle3` (EAGLE-3, depth 7, 60-token tree)', 'specMethod=eagle3'],
  ['`eagle3`, 8-token chain (`--spec-tree-width 8`)', 'specMethod=eagle3&specTreeWidth=8'],
  ['`ngram` (K = 5, chat τ 1.63)', 'specMethod=ngram'],
];

describe("README's lever figures", () => {
  it('prefix caching: the summary TTFT with 90% of the prompt cached', () => {
    const off = run('workload=summarize').metrics.ttftMs.p50;
    const on = run('workload=summarize&prefixCacheShare=0.9').metrics.ttftMs.p50;
    expect(readme).toContain(`TTFT p50 ${Math.round(off)} ms → ${Math.round(on)} ms at F = 0.9`);
  });

  it('prefix-aware routing: the hit rate and TTFT of a multi-turn chat on 4 replicas', () => {
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    const [ll, pa] = ['', '&router=prefix-aware'].map((r) => run(`workload=chat&users=128&replicas=4&turns=4${r}`).metrics);
    expect(readme).toContain(`prefix hit rate ${pct(ll.prefixHitRate!)} → ${pct(pa.prefixHitRate!)} and TTFT p50 ${Math.round(ll.ttftMs.p50)} ms → ${Math.round(pa.ttftMs.p50)} ms going from least-loaded to prefix-aware`);
  });

  it('speculative decoding on the lesson server and on an H100', () => {
    const tpot = (q: string) => ms1(run(`workload=report&${q}`).metrics.tpotMs.p50);
    const pair = (base: string, a = 0.7) => `${tpot(base)} → ${tpot(`${base}&specTokens=4&specAcceptance=${a}`)}`;
    expect(readme).toContain(`lesson server TPOT p50 ${pair('users=1')} ms at 1 user, ${pair('users=16')} ms at 16, ${pair('users=64')} ms (a loss) at 64`);
    const hw = 'server=hardware&model=llama-3.1-8b&gpu=h100-sxm';
    expect(readme).toContain(`${pair(`${hw}&users=1`)} ms at 1 user, ${pair(`${hw}&users=64`)} ms at 64, ${pair(`${hw}&users=256`)} ms at 256`);
    expect(readme).toContain(`with A = 0.5 ${pair(`${hw}&users=256`, 0.5)} ms (a loss) at 256`);
  });

  it('speculative decoding by method: single-user gains and where each turns into a loss', () => {
    const hw = 'server=hardware&model=llama-3.1-8b&gpu=h100-sxm&workload=chat&requests=400';
    const gain = (base: string, method: string) => run(base).metrics.tpotMs.p50 / run(`${base}&${method}`).metrics.tpotMs.p50;
    const e2 = gain(`${hw}&users=1`, 'specMethod=eagle');
    const e3 = gain(`${hw}&users=1`, 'specMethod=eagle3');
    expect(readme).toContain(`EAGLE-2 ${e2.toFixed(2)}× and EAGLE-3 ${e3.toFixed(2)}× (EAGLE-3/EAGLE-2 = ${(e3 / e2).toFixed(2)}×`);
    const big = 'server=hardware&model=llama-3.3-70b&gpu=h200&precision=fp8&workload=report&requests=200&users=1';
    expect(readme).toContain(`gives ${gain(big, 'specMethod=draft').toFixed(2)}× at K = 4`);
    expect(readme).toContain(`and ${gain(big, 'specMethod=draft&specTokens=8&specAcceptance=0.85').toFixed(2)}× at K = 8 and A = 0.85`);
    for (const [label, method] of SPEC_ROWS) {
      const cells = SPEC_USERS.map((u) => gain(`${hw}&users=${u}`, method));
      // The first loss on the doubling grid of scene 2's chart (test/lesson/spec-crossover.test.ts holds the page to the CLI).
      const grid = SPEC_CROSSOVER.users;
      const loss = grid.find((u) => gain(`${hw}&users=${u}`, method) < 1);
      const row = `| ${label} | ${cells.map((x) => `${x.toFixed(2)}×`).join(' | ')} | ${loss === undefined ? `none up to ${grid.at(-1)}` : loss} |`;
      expect(readme).toContain(row);
    }
  });

  it('expert parallelism: gpt-oss-120b on 8 × H100 at 1 and 256 users', () => {
    const base = 'server=hardware&model=gpt-oss-120b&gpu=h100-sxm&precision=mxfp4&tp=8&workload=chat';
    const pair = (users: number) => `${ms1(run(`${base}&users=${users}`).metrics.tpotMs.p50)} → ${ms1(run(`${base}&users=${users}&expertParallel=on`).metrics.tpotMs.p50)} ms`;
    expect(readme).toContain(`chat, TPOT p50 ${pair(1)} at 1 user and ${pair(256)} at 256 users`);
  });

  it('replicas: saturated throughput for R = 1, 2, 4', () => {
    const tok = (r: number) => count(run(`workload=chat&users=${256 * r}&replicas=${r}`).metrics.outputTokPerSec);
    expect(readme).toContain(`replica: ${tok(1)}, ${tok(2)}, ${tok(4)} tok/s for R = 1, 2, 4`);
  });

  it('the DistServe table: 4 replicas against 2 prefill + 2 decode on 4 × H100', () => {
    const base = 'server=hardware&model=llama-3.1-8b&gpu=h100-sxm&prompt=4000&output=200&spread=0.5&ttftSlo=1000&tpotSlo=20&requests=600';
    const rates = [12, 16, 18, 20];
    const replicas = sweep(scenarioOf(`${base}&replicas=4`), { kind: 'rate', values: rates });
    const split = sweep(scenarioOf(`${base}&prefillGpus=2&decodeGpus=2`), { kind: 'rate', values: rates });
    const cell = (p: (typeof replicas)[number]) => `${count(p.metrics.outputTokPerSec)}, ${p.metrics.goodputReqPerSec.toFixed(1)}`;
    rates.forEach((rate, i) => expect(readme).toContain(`| ${rate} | ${cell(replicas[i])} | ${cell(split[i])} |`));
    const ratio = (i: number) => (split[i].metrics.goodputReqPerSec / replicas[i].metrics.goodputReqPerSec).toFixed(1);
    expect(readme).toContain(`${ratio(2)}× the goodput at 18 req/s and ${ratio(3)}× at 20`);
    expect(readme).toContain(`(TPOT p95 ${ms1(replicas[2].metrics.tpotMs.p95)} ms at 18 req/s), while the decode instances keep their pace (${ms1(split[2].metrics.tpotMs.p95)} ms)`);
  });

  it('the DistServe table: each pool at its own TP, the most goodput of the four-GPU splits at 18 req/s', () => {
    const base = 'server=hardware&model=llama-3.1-8b&gpu=h100-sxm&prompt=4000&output=200&spread=0.5&ttftSlo=1000&tpotSlo=20&requests=600';
    const rates = [12, 16, 18, 20];
    const at = (q: string) => sweep(scenarioOf(`${base}&${q}`), { kind: 'rate', values: rates });
    const split = at('prefillGpus=2&decodeGpus=2');
    const decodeTp2 = at('prefillGpus=2&decodeGpus=2&decodeTp=2');
    const prefillTp2 = at('prefillGpus=2&decodeGpus=2&prefillTp=2');
    const cell = (p: (typeof split)[number]) => `${count(p.metrics.outputTokPerSec)}, ${p.metrics.goodputReqPerSec.toFixed(1)}`;
    // The row of each rate goes on from the equal split's cell (the test above checks the rate and the replicas before it).
    rates.forEach((_, i) => expect(readme).toContain(`| ${cell(split[i])} | ${cell(decodeTp2[i])} | ${cell(prefillTp2[i])} |`));
    // Every split of 4 GPUs with a TP per pool that the model's 8 KV heads allow, at 18 req/s: the README's choice has the most goodput.
    const splits = ['prefillGpus=1&decodeGpus=3', 'prefillGpus=3&decodeGpus=1', 'prefillGpus=2&decodeGpus=2', 'prefillGpus=2&decodeGpus=2&decodeTp=2', 'prefillGpus=2&decodeGpus=2&prefillTp=2', 'prefillGpus=2&decodeGpus=2&prefillTp=2&decodeTp=2'];
    const goodput18 = splits.map((q) => simulate({ ...scenarioOf(`${base}&${q}`), load: { kind: 'open', ratePerSec: 18, burstiness: 1 }, window: { kind: 'steady', warmup: 0 } }).metrics.goodputReqPerSec);
    expect(goodput18[2]).toBeCloseTo(split[2].metrics.goodputReqPerSec, 9);
    expect(Math.max(...goodput18)).toBe(goodput18[3]);
    const g = (x: number) => x.toFixed(1);
    expect(readme).toContain(`the most goodput of the six four-GPU splits at 18 req/s (${g(goodput18[3])} req/s, against ${g(goodput18[2])} for the equal split`);
    expect(readme).toContain(`TPOT p95 ${ms1(split[2].metrics.tpotMs.p95)} → ${ms1(decodeTp2[2].metrics.tpotMs.p95)} ms at 18 req/s`);
    expect(readme).toContain(`one prefill instance at TP 2 is one queue: TTFT p95 ${count(prefillTp2[2].metrics.ttftMs.p95)} ms at 18 req/s against ${count(split[2].metrics.ttftMs.p95)} ms`);
  });

  it('one request\'s KV over each named link: Llama 3.1 8B, 1,000 tokens at TP 1', () => {
    const one = 'model=llama-3.1-8b&gpu=h100-sxm&prompt=1000&output=20&spread=0&requests=1&users=1&networkMs=0&prefillGpus=1&decodeGpus=1';
    const ms = (link: string) => {
      const q = run(`${one}&kvLink=${link}`).requests[0];
      return ((q.kvArrivalS! - q.kvSendStartS!) * 1000).toFixed(q.kvArrivalS! - q.kvSendStartS! < 1e-3 ? 2 : 1);
    };
    expect(readme).toContain(`${ms('nvlink')} ms over NVLink, ${ms('infiniband')} ms over InfiniBand, ${ms('pcie')} ms over PCIe and ${ms('ethernet')} ms over 100 GbE at TP 1`);
  });
});
