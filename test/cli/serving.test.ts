import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';
import { ENGINE_IDS, ENGINE_PRESETS } from '../../src/engine/engines/presets';
import { schedulerConfig } from '../../src/engine/scheduler/config';
import { DEFAULT_SETTINGS, parseSettings, scenarioFromSettings, settingsFromQuery, settingsToQuery, type Settings } from '../../src/settings';
import { servingOf } from '../../src/settings/serving';

function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = run(argv, (s) => out.push(s), (s) => err.push(s));
  return { status, out: out.join('\n'), err: err.join('\n') };
}

const settings = (patch: Partial<Settings>): Settings => ({ ...DEFAULT_SETTINGS, ...patch });
const built = (patch: Partial<Settings>) => {
  const b = scenarioFromSettings(settings(patch));
  if (!b.ok) throw new Error(b.message);
  return b.scenario;
};

describe('serving settings become the scenario', () => {
  it('no engine: the lab\'s original scheduler, and no scheduler or window in the scenario at all', () => {
    const s = built({});
    expect(s.scheduler).toBeUndefined();
    expect(s.window).toBeUndefined();
    expect(s.chunkedPrefill).toBe(false);
    expect(s.server.maxBatch).toBe(64);
    expect(schedulerConfig(s)).toMatchObject({ admission: 'reserve', maxBatch: 64, tokenBudget: Infinity, chunked: false });
  });

  it('an engine fills in every setting left on auto; an explicit one wins', () => {
    const vllm = built({ engine: 'vllm', server: 'hardware', gpu: 'h100-sxm' });
    expect(schedulerConfig(vllm)).toMatchObject({ admission: 'paged', maxBatch: 1024, tokenBudget: 8192, chunked: true, watermark: 0 });
    const a100 = built({ engine: 'vllm', server: 'hardware', gpu: 'a100-80gb-sxm' });
    expect(schedulerConfig(a100)).toMatchObject({ maxBatch: 256, tokenBudget: 2048 });
    const overridden = built({ engine: 'vllm', server: 'hardware', gpu: 'h100-sxm', maxBatch: 48, admission: 'reserve', chunkedPrefill: false, tokenBudget: 4096 });
    expect(schedulerConfig(overridden)).toMatchObject({ admission: 'reserve', maxBatch: 48, tokenBudget: 4096, chunked: false });
    expect(servingOf(settings({ engine: 'vllm', maxBatch: 48 })).from).toMatchObject({ maxBatch: 'explicit', admission: 'engine' });
  });

  it('on the lesson server an engine sets the scheduler, not the costs or memory', () => {
    const lesson = built({ engine: 'trtllm' });
    expect(lesson.server.kvCapacityTokens).toBe(120_000);
    expect(schedulerConfig(lesson)).toMatchObject({ admission: 'reserve', maxBatch: 2048, tokenBudget: 8192, chunked: false });
    expect(servingOf(settings({ engine: 'trtllm' })).memory).toBeNull();
  });

  it('memory share: vLLM\'s of all memory, TensorRT-LLM\'s of what the weights leave', () => {
    const hw = { server: 'hardware' as const, model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'bf16' };
    const kv = (patch: Partial<Settings>) => built({ ...hw, ...patch }).server.kvCapacityTokens;
    expect(kv({ gpuMemoryUtilization: 0.5 })).toBeLessThan(kv({}));
    expect(kv({ engine: 'trtllm' })).toBeGreaterThan(kv({ engine: 'vllm' }));
    expect(kv({ engine: 'trtllm', gpuMemoryUtilization: 0.5 })).toBeLessThan(kv({ engine: 'trtllm' }));
  });

  it('a warm-up that leaves nothing to count is refused, naming warmup', () => {
    const b = scenarioFromSettings(settings({ requests: 10, warmup: 10 }));
    expect(b.ok).toBe(false);
    expect(!b.ok && b.param).toBe('warmup');
  });
});

describe('engine presets round-trip through links and the CLI', () => {
  for (const id of ENGINE_IDS) {
    it(`${id}: link → settings → link, and --engine ${id} gives the same scenario`, () => {
      const q = `engine=${id}&maxBatch=96&window=steady&warmup=5&chunkedPrefill=auto`;
      const parsed = settingsFromQuery(q);
      expect(parsed.notices).toEqual([]);
      expect(parsed.settings).toMatchObject({ engine: id, maxBatch: 96, window: 'steady', warmup: 5, chunkedPrefill: null });
      expect(settingsFromQuery(settingsToQuery(parsed.settings)).settings).toEqual(parsed.settings);
      const fromCli = parseSettings((k) => ({ engine: id, 'max-batch': '96', window: 'steady', warmup: '5' })[k] ?? null, 'cli');
      expect(fromCli.settings).toEqual(parsed.settings);
      const r = cli('predict', '--engine', id, '--max-batch', '96', '--window', 'steady', '--warmup', '5', '--requests', '60', '--users', '8', '--json');
      expect(r.status).toBe(0);
      const doc = JSON.parse(r.out);
      expect(doc.serving.engine).toBe(id);
      expect(doc.serving.from.maxBatch).toBe('explicit');
      expect(doc.scenario.scheduler.maxBatch).toBe(96);
      expect(doc.window.kind).toBe('steady');
      expect(doc.window.excludedWarmup).toBe(5);
    });
  }
});

describe('CLI serving options', () => {
  it('bad values exit 2 and name the option', () => {
    for (const [flag, value] of [['--max-batch', '0'], ['--token-budget', 'lots'], ['--admission', 'greedy'], ['--engine', 'tgi'], ['--gpu-memory-utilization', '1.5'], ['--window', 'middle'], ['--warmup', '-1']]) {
      const r = cli('predict', flag, value);
      expect(r.status, `${flag} ${value}`).toBe(2);
      expect(r.err).toContain(flag);
    }
    const warm = cli('predict', '--requests', '20', '--warmup', '20');
    expect(warm.status).toBe(2);
    expect(warm.err).toContain('--warmup');
  });

  it('predict --json reports preemptions, the window and the scheduler', () => {
    const r = cli('predict', '--workload', 'report', '--users', '64', '--admission', 'paged', '--chunked-prefill', '--requests', '300', '--json');
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.scenario.scheduler).toMatchObject({ admission: 'paged', chunkedPrefill: true, tokenBudget: 512, blockTokens: 16 });
    expect(doc.metrics.preemptions).toBeGreaterThan(0);
    expect(doc.metrics.recomputedTokens).toBeGreaterThan(0);
    expect(doc.window).toMatchObject({ kind: 'all', counted: 300, requestIds: [[0, 299]] });
    const text = cli('predict', '--workload', 'report', '--users', '64', '--admission', 'paged', '--chunked-prefill', '--requests', '300');
    expect(text.out).toMatch(/Preempted\s+\d+ times/);
    expect(text.out).toMatch(/Scheduler paged admission, batch limit 64/);
  });

  it('sweep measures each point in the steady state unless --window says otherwise', () => {
    const steady = JSON.parse(cli('sweep', '--requests', '200', '--sweep-users', '1,8', '--json').out);
    expect(steady.window).toBe('steady');
    expect(steady.points[1].window.kind).toBe('steady');
    expect(steady.points[1].window.counted).toBeLessThan(200);
    const all = JSON.parse(cli('sweep', '--requests', '200', '--sweep-users', '1,8', '--window', 'all', '--json').out);
    expect(all.points[1].window).toEqual({ kind: 'all', counted: 200, fallback: null });
  });

  it('list --json lists the engines with a version and a source for each default', () => {
    const doc = JSON.parse(cli('list', '--json').out);
    expect(doc.engines.map((e: { id: string }) => e.id)).toEqual([...ENGINE_IDS]);
    for (const e of doc.engines) {
      expect(e.version).toMatch(/\d/);
      for (const [key, v] of Object.entries(e.settings) as [string, { value: unknown; source: string }][]) {
        expect(v.source.length, `${e.id}.${key} has a source`).toBeGreaterThan(10);
        expect(v.value).not.toBeUndefined();
      }
      expect(typeof e.stepCosts.fitted).toBe('boolean');
    }
    expect(ENGINE_PRESETS.filter((e) => e.efficiency.fitted).map((e) => e.id)).toEqual(['trtllm']);
    expect(cli('list').out).toMatch(/Engines \(--engine/);
  });
});
