import { appliesWhileSame, RUN_AND_SLO_KEYS } from '../applies';
import { largestPart, PART_WHY, PART_WORDS, partMs } from '../causes';
import { fmtMs, fmtReqPerSec, fmtShare, fmtTokens, fmtTokPerSec } from '../format';
import type { TryItQuestion } from '../types';

/** A 9,000-token prompt: idle, its TTFT lands just over the 500 ms chat target. Both targets are explicit: the question is about them. */
const SETUP = 'prompt=9000&output=200&load=idle&ttftSlo=500&tpotSlo=50';

/** Q3: a completed request that misses its SLO counts for throughput, not goodput. */
export const q3: TryItQuestion = {
  id: 3,
  title: 'Done, but too late',
  question: 'A request finishes successfully, but its TTFT is over the 500 ms target. Does it count toward throughput? Toward goodput?',
  prediction: {
    prompt: 'Where does the late request count?',
    choices: [
      'Toward throughput, but not toward goodput',
      'Toward both, because it completed',
      'Toward neither, because its user gave up on it',
      'Toward goodput too, as long as its TPOT met the target',
    ],
    correctIndex: 0,
  },
  steps: [
    {
      label: 'Set up: 9,000-token prompts, targets TTFT 500 ms and TPOT 50 ms',
      query: SETUP,
      watchHint: "Look at the drawn request's TTFT and its parts, the verdict, then throughput against goodput.",
    },
  ],
  watch: ['ttft', 'ttft-prefill', 'verdict', 'requests-per-sec', 'system-throughput', 'goodput', 'slo-share'],
  answer: 'It counts toward throughput (it completed) but not toward goodput (it missed a target): that is exactly the gap between the two.',
  cause: (live) => largestPart(live.parts),
  explain(live) {
    const part = largestPart(live.parts);
    const target = live.ttftSloMs === null ? 'no TTFT target' : `the ${fmtMs(live.ttftSloMs)} target`;
    const where = `Most of that wait is ${PART_WORDS[part]}, ${fmtMs(partMs(live.parts, part))}: ${PART_WHY[part]}${part === 'prefill' ? ` (${fmtTokens(live.promptTokens)})` : ''}.`;
    const verdict = live.metSlo
      ? `The drawn request made it: TTFT ${fmtMs(live.ttftMs)} against ${target}, so it counts toward both numbers. ${where}`
      : `The drawn request completed, all ${fmtTokens(live.outputTokens)} of it, but its TTFT of ${fmtMs(live.ttftMs)} is over ${target}, so its verdict is a miss. ${where}`;
    const moral =
      live.sloMetShare >= 1
        ? 'Here every request met the targets, so the two numbers are equal.'
        : `A dashboard of raw throughput would call this server healthy while ${live.sloMetShare < 0.5 ? 'most' : 'some'} of its users got a late start.`;
    return (
      `${verdict} Throughput counts every completed request: ${fmtReqPerSec(live.requestsPerSec)} (${fmtTokPerSec(live.systemTokPerSec)}). ` +
      `Goodput counts only those that met every target: ${fmtReqPerSec(live.goodputReqPerSec)}, because ${fmtShare(live.sloMetShare)} were in time. ${moral}`
    );
  },
  applies: appliesWhileSame(SETUP, RUN_AND_SLO_KEYS, 'long prompts against a 500 ms TTFT target'),
};
