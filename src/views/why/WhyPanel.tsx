import { useMemo } from 'react';
import { gpuById, modelById } from '../../engine/profiles';
import { useLabStore } from '../../store';
import { useDeferredSim } from '../../workers';
import type { ClusterShape } from '../../engine/levers/config';
import { clusterWords, roleCounts } from '../common/cluster';
import { formatCount, formatMs, formatTokPerSec } from '../common/format';
import { useHardwareStatus } from '../controls/server';
import { MemoryBar } from './MemoryBar';
import { RooflineChart } from './RooflineChart';
import { ServingWhy } from './ServingWhy';
import { gpuFitNote } from './calibration';
import { RangeWhy } from './RangeWhy';
import { explainRoofline, memoryData, rooflineData, typicalDecode, type TypicalDecode } from './whyModel';

function Shell({ children, state }: { children: React.ReactNode; state: 'lesson' | 'refused' | 'hardware' | 'custom' }) {
  const cluster = useDeferredSim((s) => s.main?.result.cluster ?? null);
  return (
    <section
      id="why"
      aria-labelledby="why-section-h"
      className="space-y-3 rounded-lg border border-line bg-surface p-4 [contain-intrinsic-size:auto_720px] [content-visibility:auto]"
      data-testid="why-section"
      data-why={state}
      data-current
    >
      <h2 id="why-section-h" className="text-base font-semibold">
        Why: the hardware behind the numbers
      </h2>
      {cluster && state !== 'custom' && <ClusterLine cluster={cluster} lesson={state === 'lesson'} />}
      {children}
      <RangeWhy />
      <ServingWhy />
    </section>
  );
}

/**
 * The "why" panel: for a hardware server, where this workload's prefill and
 * decode sit on the GPU's roofline (and why batching helps decode), and where
 * one GPU's memory goes (weights, reserve, KV cache in use and free, and the
 * batch that allows). Follows the current settings, not a stale run. For the
 * lesson server, which has no hardware behind it, a note and a way to pick one
 * (no roofline is drawn: any FLOP or byte count for it would be made up).
 */
export function WhyPanel() {
  const server = useLabStore((s) => s.settings.server);
  const model = useLabStore((s) => s.settings.model);
  const gpu = useLabStore((s) => s.settings.gpu);
  const tp = useLabStore((s) => s.settings.tp);
  const prompt = useLabStore((s) => s.settings.prompt);
  const output = useLabStore((s) => s.settings.output);
  const customTtftMs = useLabStore((s) => s.settings.customTtftMs);
  const customTokPerSec = useLabStore((s) => s.settings.customTokPerSec);
  const networkMs = useLabStore((s) => s.settings.networkMs);
  const update = useLabStore((s) => s.updateSettings);
  const result = useDeferredSim((s) => s.main?.result ?? null);
  const status = useHardwareStatus();

  // The run belongs to this server only when its profile id matches; until then decode is placed at batch 1.
  const run = status?.ok && result && result.scenario.server.id === status.profile.id ? result : null;
  const decode: TypicalDecode = useMemo(
    () => (run ? typicalDecode(run.log) : null) ?? { batch: 1, contextTokens: Math.round(prompt + output / 2) },
    [run, prompt, output],
  );
  const view = useMemo(() => {
    if (!status?.ok) return null;
    const query = { prefillTokens: prompt, decode };
    const roof = rooflineData(status.details, query);
    return {
      roof,
      sentence: explainRoofline(roof, query, status.details.model),
      memory: memoryData(status.details, { peakKvReservedTokens: run?.peakKvReservedTokens ?? 0 }, { promptTokens: prompt, outputTokens: output }),
    };
  }, [status, prompt, output, decode, run]);

  const fitNote = status?.ok ? gpuFitNote(status.details.gpu) : null;
  if (server === 'custom') {
    return (
      <Shell state="custom">
        <p className="text-sm" data-testid="why-custom">
          A custom server is known only from the outside: {formatMs(customTtftMs)} to the first token for one idle user (the {formatMs(networkMs)} round trip included, the rest is its
          prefill of the mean prompt) and {formatTokPerSec(customTokPerSec)} after it at any batch size (only another request&apos;s prefill sharing a step delays a token). There is
          no GPU behind it to draw a roofline or a memory budget for, and no lever changes it, so it answers &ldquo;which provider finishes first&rdquo;, not &ldquo;why&rdquo;. Pick
          real hardware to see the why.
        </p>
        <button type="button" onClick={() => update({ server: 'hardware' })} className="rounded-md bg-accent px-3 py-1 text-sm font-semibold text-accent-ink">
          Try real hardware
        </button>
      </Shell>
    );
  }
  if (server === 'lesson' || !status) {
    const m = modelById(model);
    const g = gpuById(gpu);
    return (
      <Shell state="lesson">
        <p className="text-sm">
          The lesson server is illustrative: its step times are tuned to reproduce the lesson&apos;s table, not derived from a GPU, so there is no roofline or memory budget to show
          for it. Pick real hardware to see why prefill waits on arithmetic, why decode waits on memory, and how much of a GPU the KV cache gets.
        </p>
        <button type="button" onClick={() => update({ server: 'hardware' })} className="rounded-md bg-accent px-3 py-1 text-sm font-semibold text-accent-ink">
          Try {m?.label ?? 'a model'} on {tp === 1 ? 'one' : tp} {g?.name ?? 'GPU'}
          {tp === 1 ? '' : 's'}
        </button>
      </Shell>
    );
  }
  if (!status.ok || !view) {
    return (
      <Shell state="refused">
        <p className="text-sm">
          No roofline: this combination cannot run. {status.ok ? '' : status.reason}{' '}
          <a href="#server-picker" className="underline">
            See the fixes in the server settings
          </a>
          .
        </p>
      </Shell>
    );
  }
  return (
    <Shell state="hardware">
      <p className="text-sm" data-testid="why-sentence">
        {view.sentence}
      </p>
      {fitNote && (
        <p className="border-l-2 border-warn-line pl-2 text-sm" data-testid="why-unfitted">
          {fitNote}
        </p>
      )}
      {status.details.modelFit.note && (
        <p className="text-sm" data-testid="why-model-unfitted">
          <span className="font-semibold">Figures unfitted for this model.</span> {status.details.modelFit.note}
        </p>
      )}
      <p className="text-xs text-muted">
        {run
          ? `Decode is placed at this run's median batch (${formatCount(decode.batch)}) and median context (${formatCount(decode.contextTokens)} tokens per sequence); prefill at the workload's prompt (${formatCount(prompt)} tokens).${status.details.tp > 1 ? ` Figures are per GPU: each of the ${status.details.tp} does the same share.` : ''}`
          : 'Waiting for the run: decode is placed at batch 1 until it finishes.'}
      </p>
      <RooflineChart data={view.roof} />
      <MemoryBar data={view.memory} />
    </Shell>
  );
}

/** How many GPUs the run takes, and in what roles (instances × GPUs each). */
function ClusterLine({ cluster, lesson }: { cluster: ClusterShape; lesson: boolean }) {
  const c = roleCounts(cluster);
  const n = cluster.gpusPerInstance;
  const split = n > 1 ? `, the model split over ${n} GPUs in each (tensor parallel)` : '';
  const text =
    cluster.instances.length <= 1
      ? n > 1
        ? `One instance, the model split over ${n} GPUs (tensor parallel), prefills and decodes every request.`
        : 'One instance prefills and decodes every request.'
      : c.prefill + c.decode > 0
        ? `${clusterWords(cluster)}${split}. Prefill instances compute prompts and first tokens; decode instances only decode, each request's KV cache moving to one of them.`
        : `${clusterWords(cluster)}${split}. Each replica prefills and decodes its own requests; a balancer sends each request to the one with the fewest outstanding.`;
  return (
    <p className="text-sm" data-testid="why-gpus">
      <span className="font-semibold">GPUs in this run: {formatCount(cluster.gpus)}.</span> {text}
      {lesson ? ' (The lesson server is illustrative: it counts each instance as one GPU.)' : ''}
    </p>
  );
}
