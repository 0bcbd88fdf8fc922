import { appliesWhileSame, RUN_AND_SLO_KEYS } from '../applies';
import { fmtMs, fmtReqPerSec, fmtShare, fmtTokens, fmtTokPerSec } from '../format';
import type { TryItQuestion } from '../types';

/** A 9,000-token prompt: idle, its TTFT lands just over the 500 ms chat target for most requests. */
const SETUP = 'prompt=9000&output=200&load=idle&ttftSlo=500&tpotSlo=50';

/** Q3: a completed request that misses its SLO counts for throughput, not goodput. */
export const q3: TryItQuestion = {
  id: 3,
  title: 'Done, but too late',
  question: 'A request finishes successfully, but its TTFT is over the 500 ms target. Does it count toward throughput? Toward goodput?',
  prediction: {
    kind: 'choice',
    prompt: 'Where does the late request count?',
    choices: [
      'Toward throughput, but not toward goodput',
      'Toward both: it completed',
      'Toward neither: it failed',
      'Toward goodput, but not toward throughput',
    ],
    correctIndex: 0,
  },
  steps: [{ label: 'Set up: 9,000-token prompts against a 500 ms TTFT target', query: SETUP, watchHint: 'Look at the request\'s TTFT and verdict, then compare throughput with goodput.' }],
  watch: ['ttft', 'verdict', 'system-throughput', 'goodput'],
  answer: 'It counts toward throughput (it completed) but not toward goodput (it missed a target): that is exactly the gap between the two.',
  explain(live) {
    const target = live.ttftSloMs === null ? 'no TTFT target' : `the ${fmtMs(live.ttftSloMs)} target`;
    const verdict = live.metSlo
      ? `The request on the timeline made it: TTFT ${fmtMs(live.ttftMs)} against ${target}, so it counts toward both numbers.`
      : `The request on the timeline completed, all ${fmtTokens(live.outputTokens)} in ${fmtMs(live.e2eMs)}, yet its TTFT of ${fmtMs(live.ttftMs)} is over ${target}, so its verdict is a miss.`;
    const moral =
      live.sloMetShare >= 1
        ? 'Here every request met the targets, so the two numbers are equal.'
        : `A dashboard of raw throughput would call this server healthy while ${live.sloMetShare < 0.5 ? 'most' : 'some'} of its users got a late start.`;
    return (
      `${verdict} Throughput counts every completed request: ${fmtReqPerSec(live.requestsPerSec)} (${fmtTokPerSec(live.systemTokPerSec)}). ` +
      `Goodput counts only the requests that met every target: ${fmtReqPerSec(live.goodputReqPerSec)}, because ${fmtShare(live.sloMetShare)} of requests were fast enough. ${moral}`
    );
  },
  applies: appliesWhileSame(SETUP, RUN_AND_SLO_KEYS, 'long prompts against a 500 ms TTFT target'),
};
