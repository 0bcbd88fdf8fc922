import { ShareButton } from '../common/ShareButton';
import { ServerCaveat } from './ServerCaveat';

/** Title, the two clocks in one sentence, and what the numbers are. */
export function Header() {
  return (
    <header className="pb-1" data-testid="page-header">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <h1 className="text-xl font-bold">Latency Lab</h1>
        <p className="min-w-0 flex-1 basis-72 text-sm">
          An LLM answer runs on two clocks: the wait for its first token (<abbr title="time to first token">TTFT</abbr>) and the pace of every token after it (
          <abbr title="time per output token">TPOT</abbr>).
        </p>
        <ShareButton />
      </div>
      <ServerCaveat />
    </header>
  );
}
