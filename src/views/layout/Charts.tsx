import { CurveSection } from './CurveSection';
import { DistributionSection } from './DistributionSection';
import { ServerSection } from './ServerSection';

/** The three charts: throughput versus load, the server's lanes, the latency distribution. */
export function Charts() {
  return (
    <>
      <CurveSection />
      <ServerSection />
      <DistributionSection />
    </>
  );
}
