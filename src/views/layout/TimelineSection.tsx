import { useMemo } from 'react';
import { useSim } from '../../workers';
import { formatCount, formatMs } from '../common/format';
import { Readout } from '../common/Readout';
import { formulaFor, Timeline, type TimelineData } from '../timeline';

/** The typical request drawn as a timeline, with its numbers and the formula that ties them together. */
export function TimelineSection() {
  const rep = useSim((s) => s.main?.result.representative ?? null);
  const requests = useSim((s) => s.main?.result.metrics.completed ?? 0);
  const data = useMemo<TimelineData | null>(() => (rep ? { ...rep.breakdown, tokenTimesMs: rep.tokenTimesMs } : null), [rep]);
  const f = data ? formulaFor(data) : null;
  return (
    <section aria-labelledby="timeline-h" className="space-y-3 rounded-lg border border-line bg-surface p-4" data-testid="timeline-section">
      <header className="space-y-1">
        <h2 id="timeline-h" className="text-lg font-semibold">
          One request, start to finish
        </h2>
        <p className="text-sm text-muted">
          The typical request of the run (the one nearest the median TTFT and TPOT of {formatCount(requests)} completed requests). The per-request numbers above and below are this
          request&apos;s.
        </p>
      </header>
      {data && f ? (
        <>
          <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <div className="flex gap-2">
              <dt className="text-muted">Prompt</dt>
              <dd className="tabular font-medium">{formatCount(rep?.breakdown.promptTokens)} tokens</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-muted">Answer</dt>
              <dd className="font-medium">
                <Readout metric="output-tokens" label="Output tokens of the typical request" text={`${formatCount(f.outputTokens)} tokens`} />
              </dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-muted">End to end (E2E)</dt>
              <dd className="font-medium">
                <Readout metric="e2e" label="E2E latency of the typical request" text={formatMs(f.e2eMs)} />
              </dd>
            </div>
          </dl>
          <Timeline data={data} />
          <p className="rounded-md bg-raised p-2 text-sm">
            <span className="font-semibold">E2E = TTFT + TPOT × (N − 1)</span>
            <br />
            <span className="tabular" data-testid="formula">
              {f.text}
            </span>
          </p>
        </>
      ) : (
        <p className="text-sm text-muted">No request completed, so there is nothing to draw. A request whose prompt and answer do not fit in the server&apos;s memory is rejected.</p>
      )}
    </section>
  );
}
