import { useDeferredSim } from '../../workers';
import { StreamingPlayer } from './StreamingPlayer';

/**
 * "Feel the stream": the drawn request of the current run, played at its
 * simulated token times next to a person reading. Fed by the worker's
 * representative request (its token arrival times and TTFT breakdown).
 */
export function StreamingPanel() {
  const rep = useDeferredSim((s) => s.main?.result.representative ?? null);
  const resultId = useDeferredSim((s) => s.main?.id ?? 0);
  return (
    <section id="streaming" aria-labelledby="streaming-h" className="space-y-3 rounded-lg border border-line bg-surface p-4" data-testid="streaming">
      <header className="space-y-1">
        <h2 id="streaming-h" className="text-lg font-semibold">
          Feel the stream
        </h2>
        <p className="text-sm text-muted">
          The drawn request of this run (the one on the timeline), replayed at the moments its tokens reached the client, beside a person reading at about 4.5 tokens a second. The words are
          stand-in text; the timing is the simulation&apos;s.
        </p>
      </header>
      {rep ? (
        <StreamingPlayer
          key={resultId}
          tokenTimesMs={rep.tokenTimesMs}
          roleEventMs={rep.breakdown.networkInMs + rep.breakdown.queueMs + rep.breakdown.networkOutMs}
        />
      ) : (
        <p className="text-sm text-muted">No request has completed yet, so there is nothing to play.</p>
      )}
    </section>
  );
}
