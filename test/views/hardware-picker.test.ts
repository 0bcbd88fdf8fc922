import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';
import { listText } from '../../src/cli/list';
import { parseCsvRecords } from '../../src/engine/calibration/csv';
import { gpuIdFromLabel } from '../../src/engine/calibration/mapping';
import { GPUS, gpuById } from '../../src/engine/profiles';
import { DEFAULT_SETTINGS, scenarioFromSettings, type Settings } from '../../src/settings';
import { servingOf } from '../../src/settings/serving';
import { engineOptions } from '../../src/views/controls/server/engineOptions';
import { gpuNote, gpuOptions, hardwareFixes, hardwareStatus, pageWording, tpNote, tpOptions } from '../../src/views/controls/server/hardwareOptions';
import { MEASURED_GPU_IDS, gpuFitNote } from '../../src/views/why/calibration';

const hw = (patch: Partial<Settings>) => ({ model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'fp16', tp: 1, kvPrecision: 'auto' as const, ...patch });

function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = run(argv, (s) => out.push(s), (s) => err.push(s));
  return { status, out: out.join('\n'), err: err.join('\n') };
}

describe('the GPU menu', () => {
  it('labels each GPU with its memory and bandwidth, and an Apple chip with what its GPU may use', () => {
    const label = (id: string) => gpuOptions().find((o) => o.value === id)?.label;
    expect(label('rtx-4090')).toBe('RTX 4090 24GB, 1.01 TB/s');
    expect(label('rtx-3090')).toBe('RTX 3090 24GB, 936 GB/s');
    expect(label('h100-sxm')).toBe('H100 SXM 80GB, 3.35 TB/s');
    expect(label('m4-max')).toBe('M4 Max 128GB, 546 GB/s');
    expect(label('gb200')).toBe('GB200 186GB (NVL72), 8 TB/s');
    // The longest label still fits the settings column (about 38 characters at 390 px).
    for (const o of gpuOptions()) expect(o.label.length, o.label).toBeLessThanOrEqual(34);
  });

  it('says under the menu what a label leaves out: a Mac\'s GPU share, a GeForce card\'s links', () => {
    expect(gpuNote('m2-ultra')).toBe('One GPU (TP 1) that runs llama.cpp, with 144 of its 192 GB of unified memory (the rest is the CPU\'s by macOS\'s default).');
    expect(gpuNote('rtx-3090')).toMatch(/Up to 2 RTX 3090s share an NVLink bridge \(112\.5 GB\/s bidirectional\); more GPUs all-reduce over PCIe 4\.0/);
    expect(gpuNote('rtx-4090')).toMatch(/^No NVLink/);
    expect(gpuNote('h100-sxm')).toBeUndefined();
  });

  it('groups data centre, then workstation and gaming, then Apple silicon, listing every GPU once', () => {
    const options = gpuOptions();
    expect(options.map((o) => o.value).sort()).toEqual(GPUS.map((g) => g.id).sort());
    const groups = options.map((o) => o.group).filter((g, i, all) => g !== all[i - 1]);
    expect(groups).toEqual(['Data centre', 'Workstation and gaming', 'Apple silicon (unified memory)']);
    expect(options.filter((o) => o.group === 'Workstation and gaming').map((o) => o.value)).toEqual(['rtx-4090', 'rtx-3090']);
  });

  it('marks TP above 1 unavailable on a Mac, with the reason, and fixes TP 2 with TP 1', () => {
    const tps = tpOptions('llama-3.1-8b', 'm4-max');
    expect(tps.find((o) => o.value === '1')!.unavailable).toBeNull();
    for (const tp of ['2', '4', '8']) expect(tps.find((o) => o.value === tp)!.unavailable).toBe('the M4 Max is one GPU');
    expect(tpNote('llama-3.1-8b', 'm4-max')).toMatch(/single GPU/);
    expect(tpOptions('llama-3.1-8b', 'rtx-3090').every((o) => o.unavailable === null)).toBe(true);
    expect(hardwareFixes(hw({ gpu: 'm4-max', tp: 2 }))[0]).toEqual({ label: 'Use TP 1', patch: { tp: 1 } });
  });

  it('does not send a GPU server to a Mac for memory', () => {
    const fixes = hardwareFixes(hw({ model: 'llama-3.1-405b', gpu: 'rtx-4090', precision: 'int4', tp: 8 }));
    for (const f of fixes) if (f.patch.gpu) expect(gpuById(f.patch.gpu)!.vendor).not.toBe('apple');
  });
});

describe('an engine the GPU cannot host', () => {
  it('is refused in the page with engines that run there and a GPU that runs the engine', () => {
    const mac = hardwareStatus(hw({ gpu: 'm4-max' }), undefined, 'vllm');
    expect(mac.ok).toBe(false);
    if (mac.ok) return;
    expect(mac.reason).toMatch(/^vLLM cannot serve on the M4 Max/);
    expect(mac.suggestion).not.toMatch(/--engine/);
    expect(mac.fixes[0]).toEqual({ label: 'Use llama.cpp', patch: { engine: 'llamacpp' } });
    const gpuFix = mac.fixes.find((f) => f.patch.gpu);
    expect(gpuById(gpuFix!.patch.gpu!)!.vendor).not.toBe('apple');

    const amd = hardwareStatus(hw({ gpu: 'mi300x' }), undefined, 'trtllm');
    expect(amd.ok).toBe(false);
    if (amd.ok) return;
    expect(amd.fixes.map((f) => f.label).slice(0, 2)).toEqual(['Use vLLM', 'Use SGLang']);
    expect(gpuById(amd.fixes[2].patch.gpu!)!.vendor).toBe('nvidia');
    expect(hardwareStatus(hw({ gpu: 'mi300x' }), undefined, 'vllm').ok).toBe(true);
  });

  it('shows as unavailable in the engine menu of a hardware server only', () => {
    const mac = engineOptions('hardware', 'm4-max');
    expect(mac.filter((o) => o.unavailable === null).map((o) => o.value)).toEqual(['none', 'llamacpp']);
    expect(mac.find((o) => o.value === 'trtllm')!.unavailable).toBe('runs on NVIDIA GPUs, not the M4 Max');
    expect(mac[0].label).toMatch(/llama\.cpp on Apple silicon/);
    expect(engineOptions('hardware', 'mi325x').find((o) => o.value === 'trtllm')!.unavailable).toMatch(/NVIDIA/);
    expect(engineOptions('lesson', 'm4-max').every((o) => o.unavailable === null)).toBe(true);
  });

  it('words the engine\'s CLI hint out of the page text', () => {
    expect(pageWording('On the M4 Max use llama.cpp (--engine llamacpp), or run vLLM elsewhere.')).toBe('On the M4 Max use llama.cpp, or run vLLM elsewhere.');
  });
});

describe('no engine chosen on Apple silicon', () => {
  const serving = (patch: Partial<Settings>) => servingOf({ ...DEFAULT_SETTINGS, server: 'hardware', ...patch });

  it('runs llama.cpp\'s defaults and says the engine was implied', () => {
    const mac = serving({ gpu: 'm4-max' });
    expect(mac.engine?.id).toBe('llamacpp');
    expect(mac.engineImplied).toBe(true);
    expect(mac.maxBatch).toBe(4);
    expect(serving({ gpu: 'm4-max', engine: 'llamacpp' }).engineImplied).toBe(false);
    const h100 = serving({ gpu: 'h100-sxm' });
    expect(h100.engine).toBeNull();
    expect(h100.engineImplied).toBe(false);
    // The lesson server has no GPU: nothing is implied.
    expect(servingOf({ ...DEFAULT_SETTINGS, gpu: 'm4-max' }).engine).toBeNull();
  });

  it('builds a scenario there, but not with vLLM', () => {
    expect(scenarioFromSettings({ ...DEFAULT_SETTINGS, server: 'hardware', gpu: 'm4-max' }).ok).toBe(true);
    const v = scenarioFromSettings({ ...DEFAULT_SETTINGS, server: 'hardware', gpu: 'm4-max', engine: 'vllm' });
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.param).toBe('engine');
  });
});

describe('the CLI', () => {
  it('exits 2 with the reason for an engine the GPU cannot host and for TP on a Mac', () => {
    const vllm = cli('predict', '--model', 'llama-3.1-8b', '--gpu', 'm4-max', '--engine', 'vllm');
    expect(vllm.status).toBe(2);
    expect(vllm.err).toMatch(/--engine: vLLM cannot serve on the M4 Max/);
    const trt = cli('predict', '--model', 'llama-3.1-8b', '--gpu', 'mi300x', '--engine', 'trtllm');
    expect(trt.status).toBe(2);
    expect(trt.err).toMatch(/TensorRT-LLM cannot serve on the MI300X/);
    const tp = cli('predict', '--model', 'llama-3.1-8b', '--gpu', 'm4-max', '--tp', '2');
    expect(tp.status).toBe(2);
    expect(tp.err).toMatch(/single GPU/);
  });

  it('runs a Mac with llama.cpp when no engine is given, and says why', () => {
    const r = cli('predict', '--model', 'llama-3.1-8b', '--gpu', 'm4-max', '--requests', '20');
    expect(r.status).toBe(0);
    expect(r.out).toMatch(/batch limit 4/);
    expect(r.out).toMatch(/the engine the lab runs on Apple silicon when none is chosen/);
    const json = JSON.parse(cli('predict', '--model', 'llama-3.1-8b', '--gpu', 'm4-max', '--requests', '20', '--json').out);
    expect(json.serving).toMatchObject({ engine: 'llamacpp', engineImplied: true });
  });

  it('lists the new GPUs', () => {
    const text = listText();
    for (const id of ['rtx-4090', 'rtx-3090', 'h20', 'mi325x', 'gb200', 'm2-ultra', 'm3-max', 'm4-max']) expect(text).toMatch(new RegExp(`^  ${id} `, 'm'));
  });
});

describe('unfitted GPUs', () => {
  it('lists as measured exactly the GPUs the calibration files name', () => {
    const ids = new Set<string>();
    for (const file of ['measurements.csv', 'measurements-load.csv']) {
      const rows = parseCsvRecords(readFileSync(new URL(`../../data/calibration/${file}`, import.meta.url), 'utf8'));
      for (const r of rows) {
        const id = gpuIdFromLabel(r.gpu ?? '');
        if (id) ids.add(id);
      }
    }
    expect([...ids].sort()).toEqual([...MEASURED_GPU_IDS].sort());
  });

  it('says so for every other GPU, and nothing for a measured one', () => {
    expect(gpuFitNote(gpuById('h100-sxm')!)).toBeNull();
    expect(gpuFitNote(gpuById('rtx-4090')!)).toMatch(/^Unfitted for the RTX 4090: data\/calibration holds no published measurement of it/);
    expect(gpuFitNote(gpuById('m4-max')!)).toMatch(/a Mac's/);
    for (const g of GPUS) expect(gpuFitNote(g) === null).toBe(MEASURED_GPU_IDS.includes(g.id));
  });
});
