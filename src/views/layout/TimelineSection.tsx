import { useMemo } from 'react';
import { usePinnedResult, useSim } from '../../workers';
import { formatCount, formatMs } from '../common/format';
import { useCompact } from '../common/compact';
import { Readout } from '../common/Readout';
import { CompareLine } from '../pin/CompareLine';
import { compare } from '../pin/compareModel';
import { formulaFor, Timeline, type TimelineData } from '../timeline';

/**
 * The drawn request as a timeline, with its lengths and the formula that ties
 * its numbers together. The caption says which request it is: a reference
 * request of the run (the workload's mean lengths) at a typical moment.
 */
export function TimelineSection() {
  const rep = useSim((s) => s.main?.result.representative ?? null);
  const requests = useSim((s) => s.main?.result.metrics.completed ?? 0);
  const e2eP50 = useSim((s) => s.main?.result.metrics.e2eMs.p50 ?? null);
  const data = useMemo<TimelineData | null>(() => (rep ? { ...rep.breakdown, tokenTimesMs: rep.tokenTimesMs } : null), [rep]);
  const pinnedRep = usePinnedResult()?.representative ?? null;
  const ghost = useMemo<TimelineData | null>(() => (pinnedRep ? { ...pinnedRep.breakdown, tokenTimesMs: pinnedRep.tokenTimesMs } : null), [pinnedRep]);
  const e2eCompare = useMemo(() => (ghost && data ? compare('e2e', ghost.e2eMs, data.e2eMs) : null), [ghost, data]);
  const f = data ? formulaFor(data) : null;
  const compact = useCompact();
  return (
    // On a phone the drawing comes right under the title, then the lengths and formula, then the caption
    // (flex order; the reading order stays as written), so the whole request is in the first screen.
    <section id="timeline" aria-labelledby="timeline-h" className={`flex flex-col rounded-lg border border-line bg-surface ${compact ? 'gap-1 p-2' : 'gap-1 p-2 sm:gap-2 sm:p-4'}`} data-testid="timeline-section">
      <header className="flex flex-wrap items-baseline gap-x-3 max-sm:contents">
        <h2 id="timeline-h" className={compact ? 'text-sm font-semibold' : 'text-base font-semibold sm:text-lg'}>
          One request, start to finish
        </h2>
        <p className={`text-xs text-muted ${compact ? 'sr-only' : 'max-sm:order-3'}`} data-testid="drawn-request-caption">
          The drawn request: the workload&apos;s own lengths at a typical moment of the run. Median E2E of all {formatCount(requests)} requests:{' '}
          <Readout metric="e2e-p50" label="Median E2E of all requests" text={formatMs(e2eP50)} className="font-medium text-ink" />
          .
        </p>
      </header>
      {data && f ? (
        <>
          <dl className={`flex flex-wrap gap-x-5 gap-y-0.5 ${compact ? 'text-xs' : 'text-xs max-sm:order-2 sm:text-sm'}`}>
            <div className="flex gap-1.5">
              <dt className="text-muted">Prompt</dt>
              <dd className="tabular font-medium">{formatCount(rep?.breakdown.promptTokens)} tokens</dd>
            </div>
            <div className="flex gap-1.5">
              <dt className="text-muted">Answer</dt>
              <dd className="font-medium">
                <Readout metric="output-tokens" label="Output tokens of the drawn request" text={`${formatCount(f.outputTokens)} tokens`} />
              </dd>
            </div>
            <div className="flex flex-wrap gap-x-1.5">
              <dt className="text-muted">E2E = TTFT + TPOT × (N − 1)</dt>
              <dd className="tabular" data-testid="formula">
                <Readout metric="e2e" label="E2E latency of the drawn request" text={formatMs(f.e2eMs)} className="font-semibold" />
                {f.text.slice(f.text.indexOf(' = '))}
              </dd>
            </div>
            {e2eCompare && (
              <div className="flex gap-1.5">
                <dt className="sr-only">E2E against the pinned run</dt>
                <dd>
                  <CompareLine c={e2eCompare} name="E2E of the drawn request" className="text-sm" />
                </dd>
              </div>
            )}
          </dl>
          <div className={compact ? '' : 'max-sm:order-1'}>
            <Timeline data={data} ghost={ghost} />
          </div>
        </>
      ) : (
        <p className="text-sm text-muted">No request completed, so there is nothing to draw. A request whose prompt and answer do not fit in the server&apos;s memory is rejected.</p>
      )}
    </section>
  );
}
