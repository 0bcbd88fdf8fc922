import { GPUS, datasheetGbBytes, maxTpOf } from '../engine/profiles/gpus';
import { lessonProfile } from '../engine/profiles/lesson';
import { modelFit } from '../engine/profiles/measured';
import { MODELS, activeParamsAsPublished, modelParams } from '../engine/profiles/models';
import { KV_PRECISIONS, PRECISIONS, precisionsFor } from '../engine/profiles/precisions';
import { TP_DEGREES, validTpDegrees } from '../engine/profiles/catalog';
import { ENGINE_HARDWARE, enginesOn } from '../engine/engines/hardware';
import { ENGINE_PRESETS } from '../engine/engines/presets';
import { WORKLOADS } from '../engine/workloads';

/** Everything `list` prints: workloads, the lesson server, and the hardware catalog. */
export function listing() {
  const lesson = lessonProfile();
  return {
    workloads: WORKLOADS.map((w) => ({ id: w.id, label: w.label, promptTokens: w.promptTokens, outputTokens: w.outputTokens })),
    servers: [
      { id: lesson.id, label: lesson.label, maxBatch: lesson.maxBatch, kvCapacityTokens: lesson.kvCapacityTokens },
      { id: 'hardware', label: 'Model × GPU × precision × TP (--model --gpu --precision --tp)' },
      { id: 'custom', label: 'A given idle TTFT and streaming pace, for comparing providers (--custom-ttft-ms --custom-tok-per-sec)' },
    ],
    models: MODELS.map((m) => {
      const p = modelParams(m);
      return {
        id: m.id, label: m.label, totalParams: p.total, activeParams: p.active, tpDegrees: validTpDegrees(m),
        activeParamsAsPublished: activeParamsAsPublished(m), precisions: m.checkpoint ? [...m.checkpoint.precisions] : null, measured: modelFit(m).fitted,
      };
    }),
    gpus: GPUS.map((g) => ({
      id: g.id, label: g.label, memoryGb: g.memoryAsPrintedGb, gpuUsableGb: g.memoryBytes / datasheetGbBytes(g), vendor: g.vendor,
      precisions: precisionsFor(g), maxTp: maxTpOf(g), engines: enginesOn(g),
    })),
    precisions: PRECISIONS.map((p) => ({ id: p.id, label: p.label, checkpointOnly: p.checkpointOnly === true })),
    kvPrecisions: Object.keys(KV_PRECISIONS),
    tpDegrees: TP_DEGREES,
    engines: ENGINE_PRESETS.map((e) => ({
      id: e.id,
      label: e.label,
      version: e.version,
      summary: e.summary,
      settings: {
        maxBatch: e.maxBatch,
        tokenBudget: e.tokenBudget,
        chunkedPrefill: e.chunkedPrefill,
        mixedBatches: e.mixedBatches,
        admission: e.admission,
        watermark: e.watermark,
        gpuMemory: e.memory,
        runtimeBytes: e.budget.runtimeBytes,
        activations: e.budget.activations,
        cudaGraphBytes: e.budget.cudaGraphBytes,
        kvCache: e.kvCache,
        stepOverheadS: e.stepOverheadS,
      },
      stepCosts: e.efficiency,
      hardware: ENGINE_HARDWARE[e.id],
    })),
  };
}

const billions = (n: number): string => `${(n / 1e9).toFixed(n >= 1e11 ? 0 : 1)}B`;

/** `list` as text. */
export function listText(): string {
  const l = listing();
  return [
    'Workloads (--workload):',
    ...l.workloads.map((w) => `  ${w.id.padEnd(16)} ${w.label} (${w.promptTokens} in / ${w.outputTokens} out)`),
    '  custom           use --prompt and --output',
    '',
    'Servers (--server):',
    ...l.servers.map((s) => `  ${s.id.padEnd(16)} ${s.label}`),
    '',
    'Models (--model):',
    ...l.models.map(
      (m) =>
        `  ${m.id.padEnd(16)} ${m.label}, ${billions(m.totalParams)} params${m.activeParams !== m.totalParams ? ` (${billions(m.activeParamsAsPublished)} active)` : ''}; --tp ${m.tpDegrees.join('/')}` +
        `${m.precisions ? `; --precision ${m.precisions.join('/')} only` : ''}${m.measured ? '' : '; unfitted (no published measurements)'}`,
    ),
    '',
    'GPUs (--gpu):',
    ...l.gpus.map((g) => `  ${g.id.padEnd(16)} ${g.label}; precisions ${g.precisions.join(', ')}${g.maxTp === 1 ? '; --tp 1' : ''}${g.engines.length < ENGINE_PRESETS.length ? `; engines ${g.engines.join(', ')}` : ''}`),
    '',
    `Precisions (--precision): ${l.precisions.map((p) => p.id).join(', ')}`,
    `KV-cache precisions (--kv-precision): auto, ${l.kvPrecisions.join(', ')}`,
    `Tensor parallel (--tp): ${l.tpDegrees.join(', ')}`,
    '',
    'Engines (--engine; default none = the lab\'s own scheduler):',
    ...l.engines.map((e) => `  ${e.id.padEnd(16)} ${e.version}: ${e.summary}`),
  ].join('\n');
}
