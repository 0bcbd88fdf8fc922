import { useMemo } from 'react';
import { rangesNote } from '../../settings/ranges';
import { useLabStore } from '../../store';
import { useDeferredSim } from '../../workers';
import { rangeExplanation } from './rangeWhy';

/** What the prediction's range is made of: the edge runs, their spreads and source, and the sensitivity. */
export function RangeWhy() {
  const server = useLabStore((s) => s.settings.server);
  const ranges = useLabStore((s) => s.settings.ranges);
  const edges = useDeferredSim((s) => (s.edges && s.main && s.edges.id === s.main.id ? s.edges : null));
  const lines = useMemo(
    () => rangeExplanation(rangesNote({ server, ranges }), edges?.ranges ?? null, edges?.spreads ?? null, edges?.sensitivity ?? null),
    [server, ranges, edges],
  );
  return (
    <div className="space-y-1.5" data-testid="why-range">
      <h3 className="text-sm font-semibold">How sure the lab is</h3>
      {lines.map((l) => (
        <p key={l.key} className="text-sm" data-line={l.key}>
          {l.text}
        </p>
      ))}
    </div>
  );
}
