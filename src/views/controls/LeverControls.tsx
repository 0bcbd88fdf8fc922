import { lazy, Suspense } from 'react';
import { DEFAULT_SPEC_ACCEPTANCE, expectedTokensPerStep, MAX_SPEC_TOKENS } from '../../engine/levers/speculative';
import { METHOD_DEFAULT_TOKENS, SPEC_METHODS, type SpecMethodId } from '../../engine/levers/specMethodIds';
import { Select } from './server/Select';
import { MAX_INSTANCES } from '../../engine/levers/config';
import { useLabStore } from '../../store';
import { NumberField } from '../common/NumberField';
import { Switch } from '../common/Switch';
import { formatCount } from '../common/format';
import { ExpertParallelLever } from './ExpertParallelLever';

// The cache in KV memory's fields load on their own: the first screen's bundle stays as it was.
const PrefixCacheFields = lazy(() => import('./PrefixCacheFields').then((m) => ({ default: m.PrefixCacheFields })));
const RouterChoice = lazy(() => import('./PrefixCacheFields').then((m) => ({ default: m.RouterChoice })));

const SpecMethodFields = lazy(() => import('./SpecMethodFields'));
// The pools' TP and KV link fields (and the named links' data) load when the split is on.
const PoolFields = lazy(() => import('./PoolFields').then((m) => ({ default: m.PoolFields })));
const METHOD_LABELS: Record<SpecMethodId, string> = { custom: 'Custom', draft: 'Draft model', eagle: 'EAGLE-2', eagle3: 'EAGLE-3', ngram: 'N-gram lookup' };
const METHOD_OPTIONS = SPEC_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m], unavailable: null }));

const CLOCK = 'rounded bg-line px-1 text-[11px] font-semibold tracking-wide text-ink uppercase';

/** One lever: its name, the clock it moves, what it does, and its fields. */
function Lever({ title, clock, children, why }: { title: string; clock: string; why: string; children: React.ReactNode }) {
  return (
    <div className="space-y-1.5 border-l-2 border-line pl-2.5" data-testid="lever">
      <h3 className="flex flex-wrap items-baseline gap-x-2 text-sm font-semibold">
        {title} <span className={CLOCK}>{clock}</span>
      </h3>
      <p className="text-xs text-muted">{why}</p>
      {children}
    </div>
  );
}

/**
 * The levers real deployments pull, each naming the clock it moves: prefix
 * caching (TTFT: less prefill), speculative decoding (TPOT: more tokens per
 * step), replicas (the queue and throughput), and disaggregated prefill and
 * decode (TPOT held steady, at a KV transfer). Pin a run first to see before
 * and after. A custom server is a black box with no compute to move, so the
 * levers wait for the lesson server or real hardware.
 */
export function LeverControls() {
  const server = useLabStore((s) => s.settings.server);
  const tp = useLabStore((s) => (s.settings.server === 'hardware' ? s.settings.tp : 1));
  const share = useLabStore((s) => s.settings.prefixCacheShare);
  const k = useLabStore((s) => s.settings.specTokens);
  const acceptance = useLabStore((s) => s.settings.specAcceptance);
  const draftCost = useLabStore((s) => s.settings.specDraftCost);
  const method = useLabStore((s) => s.settings.specMethod);
  const replicas = useLabStore((s) => s.settings.replicas);
  const router = useLabStore((s) => s.settings.router);
  const prefillGpus = useLabStore((s) => s.settings.prefillGpus);
  const decodeGpus = useLabStore((s) => s.settings.decodeGpus);
  const pinned = useLabStore((s) => s.pinned !== null);
  const update = useLabStore((s) => s.updateSettings);
  const split = prefillGpus > 0 || decodeGpus > 0;
  const gpus = split ? prefillGpus + decodeGpus : replicas * tp;
  const perStep = expectedTokensPerStep(k, acceptance ?? DEFAULT_SPEC_ACCEPTANCE);

  return (
    <section aria-labelledby="levers-h" className="space-y-3" data-testid="lever-controls">
      <h2 id="levers-h" className="text-base font-semibold">
        Levers
      </h2>
      <p className="text-xs text-muted">
        What real deployments change to move one clock or the other.{' '}
        {pinned ? 'The cards compare each change with the pinned run.' : 'Pin the run first (beside the verdict) to see before and after.'}
      </p>
      {server === 'custom' ? (
        <p className="rounded-md border border-dashed border-line p-2 text-xs" data-testid="levers-custom">
          A custom server is known only by its TTFT and pace, with no compute or memory for a lever to change. Pick the lesson server or real hardware to pull them.
        </p>
      ) : (
        <>
          <Lever title="Prefix caching" clock="TTFT" why="The share of each prompt already in the KV cache (a system prompt, the conversation so far): only the rest is prefilled, so the wait for the first token shrinks. The pace does not change.">
            <div className="flex items-end gap-2">
              <label className="flex min-w-0 flex-1 flex-col text-sm">
                <span className="font-medium">Share of the prompt cached</span>
                <input type="range" min={0} max={1} step={0.05} value={share} onChange={(e) => update({ prefixCacheShare: Number(e.target.value) })} aria-valuetext={`${Math.round(share * 100)}% cached`} className="accent-[var(--lab-accent)]" />
              </label>
              <NumberField label="Share of the prompt cached" labelHidden value={share} min={0} max={1} onCommit={(v) => update({ prefixCacheShare: v })} />
            </div>
            <Suspense fallback={null}>
              <PrefixCacheFields />
            </Suspense>
          </Lever>
          <Lever
            title="Speculative decoding"
            clock="TPOT"
            why="A small draft proposes K tokens; the model checks them in one pass and keeps the accepted ones. Large gain for one user; it shrinks, and can turn into a loss, as the batch fills and decode becomes compute-bound."
          >
            <div className="flex flex-wrap items-end gap-2">
              <Select
                label="Method"
                value={method}
                options={METHOD_OPTIONS}
                // A method other than custom starts at its K; the tree belongs to EAGLE only.
                onChange={(v) => update({ specMethod: v as SpecMethodId, specTreeWidth: null, specAcceptance: null, ...(k === 0 && v !== 'custom' ? { specTokens: METHOD_DEFAULT_TOKENS[v as SpecMethodId] } : {}) })}
              />
              <NumberField label="Draft tokens (K)" value={k} min={0} max={MAX_SPEC_TOKENS} integer onCommit={(v) => update({ specTokens: v })} className="w-28" />
              {method === 'custom' && (
                <>
                  <NumberField label="Acceptance" value={acceptance ?? DEFAULT_SPEC_ACCEPTANCE} min={0} max={1} onCommit={(v) => update({ specAcceptance: v })} className="w-24" />
                  <NumberField label="Draft cost" value={draftCost} min={0} max={10} onCommit={(v) => update({ specDraftCost: v })} className="w-24" />
                </>
              )}
            </div>
            {method === 'custom' ? (
              <p className="text-xs text-muted" data-testid="spec-per-step">
                {k === 0 ? 'Off (K = 0).' : `Each step emits about ${perStep.toFixed(2)} tokens per request, and costs a ${k + 1}-token check plus ${k} draft steps at ${draftCost}× a plain step.`}
              </p>
            ) : (
              <Suspense fallback={<p className="text-xs text-muted">Loading…</p>}>
                <SpecMethodFields />
              </Suspense>
            )}
          </Lever>
          <ExpertParallelLever>
            {(control) => (
              <Lever title="Expert parallelism" clock="TPOT, throughput" why="A mixture-of-experts model's experts placed whole across the GPUs instead of each split over them: the MoE layers exchange tokens by all-to-all instead of an all-reduce, and a small batch waits for the GPU its tokens route to most.">
                {control}
              </Lever>
            )}
          </ExpertParallelLever>
          <Lever title="Replicas" clock="queue, throughput" why="Identical copies of the server behind a load balancer: the queue in TTFT shrinks under load and throughput at saturation scales with the copies. One idle user sees no change.">
            <NumberField label="Replicas" value={replicas} min={1} max={MAX_INSTANCES} integer unit={tp > 1 ? `× ${tp} GPUs` : undefined} onCommit={(v) => update({ replicas: v })} className="w-28" />
            {(replicas > 1 || router !== 'least-loaded') && (
              <Suspense fallback={null}>
                <RouterChoice />
              </Suspense>
            )}
          </Lever>
          <Lever
            title="Split prefill and decode"
            clock="TPOT, at a KV transfer"
            why="Some GPUs only prefill, the others only decode: a long prompt never stretches anyone's decode step, so the pace holds under load. Each request's KV cache then moves to a decode GPU, which adds to the gap before its second token."
          >
            <Switch
              label="Disaggregated"
              checked={split}
              onChange={(on) => update(on ? { replicas: 1, prefillGpus: tp, decodeGpus: tp * Math.max(1, replicas - 1) } : { prefillGpus: 0, decodeGpus: 0, prefillTp: null, decodeTp: null, kvLink: 'auto' })}
            />
            {split && (
              <Suspense fallback={<p className="text-xs text-muted">Loading…</p>}>
                <PoolFields />
              </Suspense>
            )}
          </Lever>
          <p className="text-xs text-muted" data-testid="lever-gpus">
            GPUs in all: {formatCount(gpus)}
            {server === 'lesson' ? ' (the lesson server counts each instance as one)' : ''}.
          </p>
        </>
      )}
    </section>
  );
}
