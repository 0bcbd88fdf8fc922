import { ChartCard, ChartPlaceholder } from './ChartsSection';
import { CurveSection } from './CurveSection';
import { ServerSection } from './ServerSection';

/** The three charts: throughput versus load, the server's lanes, the latency distribution. */
export function Charts() {
  return (
    <>
      <CurveSection />
      <ServerSection />
      <ChartCard id="distribution-section" heading="Latency across all requests">
        <ChartPlaceholder what="The latency distribution" />
      </ChartCard>
    </>
  );
}
