import { ServerView } from '../server';
import { useSim } from '../../workers';
import { ChartCard } from './ChartsSection';

/** The server's lanes, batch and KV memory during the main run. */
export function ServerSection() {
  const result = useSim((s) => s.main?.result ?? null);
  if (!result) return null;
  return (
    <ChartCard id="server-section" heading="Inside the server">
      <ServerView
        requests={result.requests}
        log={result.log}
        representativeId={result.representativeId}
        maxBatch={result.scenario.server.maxBatch}
        kvCapacityTokens={result.scenario.server.kvCapacityTokens}
      />
    </ChartCard>
  );
}
