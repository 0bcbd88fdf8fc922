import { ShareButton } from '../common/ShareButton';
import { ServerCaveat } from './ServerCaveat';

/** Title, the two clocks in one sentence, and what the numbers are. */
export function Header() {
  return (
    <header className="pb-1" data-testid="page-header">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h1 className="text-xl font-bold">Latency Lab</h1>
        {/* On a phone the button shares the title's line and the sentence goes below. */}
        <p className="order-3 w-full min-w-0 text-sm sm:order-none sm:w-auto sm:flex-1 sm:basis-72">
          An LLM answer runs on two clocks: the wait for its first token (<abbr title="time to first token">TTFT</abbr>) and the pace of every token after it (
          <abbr title="time per output token">TPOT</abbr>).
        </p>
        <div className="order-2 sm:order-none">
          <ShareButton />
        </div>
      </div>
      <ServerCaveat />
    </header>
  );
}
