import { memo } from 'react';
import { ServerView as ServerViewChart } from '../server';
import { useDeferredSim } from '../../workers';
import { ChartCard } from './ChartsSection';

// Memoised so the urgent render after a new result (which still sees the old deferred one) skips the layout.
const ServerView = memo(ServerViewChart);

/** The server's lanes, batch and KV memory during the main run. */
export function ServerSection() {
  const result = useDeferredSim((s) => s.main?.result ?? null);
  if (!result) return null;
  return (
    <ChartCard id="server-section" anchor="server" heading="Inside the server">
      <ServerView
        requests={result.requests}
        log={result.log}
        representativeId={result.representativeId}
        maxBatch={result.scenario.server.maxBatch}
        kvCapacityTokens={result.scenario.server.kvCapacityTokens}
        admission={result.scenario.scheduler?.admission ?? 'reserve'}
      />
    </ChartCard>
  );
}
