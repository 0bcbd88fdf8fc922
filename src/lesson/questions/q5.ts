import { appliesWhileSame, RUN_KEYS } from '../applies';
import { fmtMs, fmtReqPerSec, fmtShare, fmtTimes } from '../format';
import type { TryItQuestion } from '../types';

/**
 * Poisson arrivals at 2.6 req/s, close to what the lesson server sustains for
 * chat: most requests start quickly, but now and then a cluster of arrivals
 * fills the batch and the unlucky ones queue for seconds. Seed 2 and 2,000
 * requests give a mean near 250 ms and a p99 over 3 s. TPOT has no target
 * here, so the verdict and goodput are about TTFT alone.
 */
const SETUP = 'workload=chat&rate=2.6&requests=2000&seed=2&ttftSlo=500&tpotSlo=off';

/** Q5: the mean hides the tail; ask for p95/p99. */
export const q5: TryItQuestion = {
  id: 5,
  title: 'The comfortable average',
  question: 'A teammate reports: "Average TTFT is about 250 ms, we\'re fine." What is the one follow-up question that could change that conclusion?',
  prediction: {
    kind: 'number',
    prompt: 'Before you look: if the mean TTFT is about 250 ms, what is the p99 TTFT (the slowest 1 in 100)? Your guess in ms:',
    unit: 'ms',
    min: 0,
    max: 600_000,
    actual: (live) => live.ttftP99Ms,
  },
  steps: [{ label: 'Set up: chat traffic near capacity (2.6 req/s)', query: SETUP, watchHint: 'Compare the mean TTFT with the p95 and p99 in the distribution view.' }],
  watch: ['ttft', 'goodput', 'verdict'],
  alsoSee: { label: 'See the tail in the latency distribution', href: '#distribution-section-h' },
  answer: '"What are the p95 and p99 TTFT?" The mean is dragged around by a few slow requests and describes nobody; SLOs are written on percentiles.',
  explain(live) {
    const rate = live.rateReqPerSec === null ? '' : ` Requests arrive at random at ${fmtReqPerSec(live.rateReqPerSec)}, close to what this server can sustain; now and then a cluster of arrivals fills the batch and the unlucky requests wait in the queue.`;
    const target = live.ttftSloMs === null ? '' : ` Against the ${fmtMs(live.ttftSloMs)} target, ${fmtShare(1 - live.sloMetShare)} of requests missed.`;
    return (
      `The mean TTFT is ${fmtMs(live.ttftMeanMs)} and the median ${fmtMs(live.ttftP50Ms)}, so the average looks comfortable. ` +
      `But p95 is ${fmtMs(live.ttftP95Ms)} and p99 is ${fmtMs(live.ttftP99Ms)}, ${fmtTimes(live.ttftP99Ms / live.ttftMeanMs)} the mean.${rate}` +
      ` The mean blends those waits into a harmless-looking number; asking for p95 and p99 shows them.${target}`
    );
  },
  applies: appliesWhileSame(SETUP, [...RUN_KEYS, 'ttftSlo'], 'chat traffic near capacity with seed 2'),
};
