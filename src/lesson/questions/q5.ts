import { appliesWhileSame, RUN_KEYS } from '../applies';
import { largestIncrease, PART_WHY, PART_WORDS, partMs } from '../causes';
import { fmtMs, fmtReqPerSec, fmtShare, fmtTimes } from '../format';
import type { TryItQuestion } from '../types';

/**
 * Chat at 2.5 random (Poisson) arrivals a second, close to what the lesson
 * server sustains, over a 10 ms network: the mean TTFT lands near the
 * lesson's 180 ms, but now and then a cluster of arrivals fills the batch and
 * the unlucky requests queue for seconds (seed 2, 2,000 requests: p99 about
 * 2 s). The question is about the first token, so the set-up says so and
 * judges TTFT alone: the TPOT target is off, visibly.
 */
const SETUP = 'workload=chat&rate=2.5&requests=2000&seed=2&networkMs=10&ttftSlo=500&tpotSlo=off';

/** Q5: the mean hides the tail; ask for p95/p99. */
export const q5: TryItQuestion = {
  id: 5,
  title: 'The comfortable average',
  question: 'A teammate reports: "Average TTFT is 180 ms, we\'re fine." What is the one follow-up question that could change that conclusion?',
  prediction: {
    prompt: 'Which follow-up question would you ask?',
    choices: [
      '"What are the p95 and p99 TTFT?"',
      '"What is the median TTFT?"',
      '"How many tokens per second does the server produce?"',
      '"How long are the prompts, on average?"',
    ],
    correctIndex: 0,
    guess: {
      prompt: 'And before you look: with a mean of about 180 ms, what do you expect the p99 TTFT (the slowest 1 in 100) to be?',
      unit: 'ms',
      actual: (live) => live.ttftP99Ms,
    },
  },
  steps: [
    {
      label: 'Set up: chat traffic near capacity (2.5 req/s), judged on TTFT only (target 500 ms, TPOT target off)',
      query: SETUP,
      watchHint: 'Compare the mean TTFT with the median, p95 and p99 in the percentiles chart.',
    },
  ],
  watch: ['ttft-mean', 'ttft-p50', 'ttft-p95', 'ttft-p99', 'tail-network', 'tail-queue', 'tail-prefill', 'all-network', 'all-queue', 'all-prefill', 'slo-share'],
  alsoSee: { label: 'See the tail in the percentiles chart', href: '#distribution' },
  answer: '"What are the p95 and p99?" The mean blends a few very slow requests into a harmless-looking number; SLOs are written on percentiles.',
  cause: (live) => largestIncrease(live.allParts, live.tailParts),
  explain(live) {
    const part = largestIncrease(live.allParts, live.tailParts);
    const rate = live.rateReqPerSec === null ? '' : ` Requests arrive at random, ${fmtReqPerSec(live.rateReqPerSec)} on average, close to what this server can sustain.`;
    const tail =
      ` The slowest 1% spent ${fmtMs(partMs(live.tailParts, part))} on average in ${PART_WORDS[part]}, against ${fmtMs(partMs(live.allParts, part))} for the average request: ${PART_WHY[part]}.`;
    const target =
      live.ttftSloMs === null
        ? ''
        : ` Against the ${fmtMs(live.ttftSloMs)} TTFT target, ${fmtShare(live.sloMetShare)} of requests were in time${live.ttftP95Ms <= live.ttftSloMs && live.sloMetShare < 1 ? ', and every miss is among the slowest 5%' : ''}.`;
    return (
      `The mean TTFT is ${fmtMs(live.ttftMeanMs)} and the median ${fmtMs(live.ttftP50Ms)}, so the average looks comfortable. ` +
      `But p95 is ${fmtMs(live.ttftP95Ms)} and p99 is ${fmtMs(live.ttftP99Ms)}, ${fmtTimes(live.ttftP99Ms / live.ttftMeanMs)} the mean.${rate}${tail}` +
      ` The mean blends those waits into one harmless-looking number; asking for p95 and p99 brings them out.${target}`
    );
  },
  applies: appliesWhileSame(SETUP, [...RUN_KEYS, 'ttftSlo', 'tpotSlo'], 'chat traffic near capacity with seed 2'),
};
