import { ShareButton } from '../common/ShareButton';

/** Title, the two clocks in two sentences, and the caveat about the illustrative server. */
export function Header() {
  return (
    <header className="flex flex-col gap-3 border-b border-line pb-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="max-w-3xl space-y-1">
        <h1 className="text-2xl font-bold">Latency Lab</h1>
        <p>
          Every streamed answer runs on two clocks: the wait until the first token shows up (<abbr title="time to first token">TTFT</abbr>), then the pace of each token after it (
          <abbr title="time per output token">TPOT</abbr>). Pick a workload and a load below and watch a simulated server move both, along with how much useful work it gets done.
        </p>
        <p className="text-sm text-muted">
          The server here is illustrative: the relationships are real, the exact numbers are not a benchmark of any hardware.
        </p>
      </div>
      <ShareButton />
    </header>
  );
}
