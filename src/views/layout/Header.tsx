import { ShareButton } from '../common/ShareButton';
import { ServerCaveat } from './ServerCaveat';

/** Title, the two clocks in two sentences, and the caveat about the illustrative server. */
export function Header() {
  return (
    <header className="flex flex-col gap-3 border-b border-line pb-4 sm:flex-row sm:items-start sm:justify-between" data-testid="page-header">
      <div className="max-w-3xl space-y-1">
        <h1 className="text-2xl font-bold">Latency Lab</h1>
        <p>
          Every streamed answer runs on two clocks: the wait until the first token shows up (<abbr title="time to first token">TTFT</abbr>), then the pace of each token after it (
          <abbr title="time per output token">TPOT</abbr>). Pick a workload and a load below and watch a simulated server move both, along with how much useful work it gets done.
        </p>
        <ServerCaveat />
      </div>
      <ShareButton />
    </header>
  );
}
