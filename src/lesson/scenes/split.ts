import { appliesWhileSame, LEVER_SCENE_KEYS } from '../applies';
import { CAUSE_WORDS, changeWords } from '../diagnosis/text';
import { fmtMs, fmtReqPerSec, fmtShare, fmtTimes, fmtTokPerSec } from '../format';
import { largestFall } from './causes';
import type { LeverScene, SceneReading } from './types';

/**
 * The README's DistServe case: Llama 3.1 8B on four H100s, 4,000-token prompts
 * (±50%) and 200-token answers, TTFT 1 s and TPOT 20 ms, measured in the
 * steady state. Four replicas hold the SLO at 10 req/s and lose it at 20; the
 * same GPUs split 2 + 2 hold it. Then each pool sized on its own, as
 * DistServe's placement search does (arXiv 2401.09670 §4): prompts on two
 * one-GPU prefill instances, decode on one instance of two GPUs, the most
 * goodput per GPU among the four-GPU splits with a TP per pool at 18 req/s
 * (test/cli/readme-levers.test.ts checks that).
 */
const BASE = 'model=llama-3.1-8b&gpu=h100-sxm&prompt=4000&output=200&spread=0.5&ttftSlo=1000&tpotSlo=20&requests=600&window=steady';
const REPLICAS_10 = `${BASE}&replicas=4&rate=10`;
const REPLICAS_20 = `${BASE}&replicas=4&rate=20`;
const SPLIT_20 = `${BASE}&prefillGpus=2&decodeGpus=2&rate=20`;
const POOLS_20 = `${BASE}&prefillGpus=2&decodeGpus=2&decodeTp=2&rate=20`;

/** Throughputs within this share of each other read as "about the same". */
const SAME_THROUGHPUT = 0.1;

const rateOf = (r: SceneReading) => (r.live.rateReqPerSec === null ? `${r.live.users ?? 1} users` : fmtReqPerSec(r.live.rateReqPerSec));

function doubled(a: SceneReading, b: SceneReading): string {
  const target = b.live.tpotSloMs === null ? 'its' : `the ${fmtMs(b.live.tpotSloMs)}`;
  return (
    `At ${rateOf(a)} the ${a.layout} kept ${fmtShare(a.live.sloMetShare)} of requests within both targets: goodput ${fmtReqPerSec(a.live.goodputReqPerSec)}. ` +
    `At ${rateOf(b)} they made ${fmtTokPerSec(b.live.systemTokPerSec)}, ${fmtTimes(b.live.systemTokPerSec / a.live.systemTokPerSec)} as much, but only ${fmtShare(b.live.sloMetShare)} of requests were in time: goodput ${fmtReqPerSec(b.live.goodputReqPerSec)}. ` +
    `The drawn request's TPOT was ${fmtMs(b.live.tpotMs)} against ${target} target, and ${fmtMs(b.tpotParts.interference)} of each token's time was other requests' prefills running in its steps: each long prompt that arrives stretches the decode step of everyone beside it.`
  );
}

function split(b: SceneReading, c: SceneReading): string {
  const cause = largestFall(b, c);
  const goodput = c.live.goodputReqPerSec / Math.max(1e-9, b.live.goodputReqPerSec);
  const verdict =
    c.live.goodputReqPerSec > b.live.goodputReqPerSec
      ? `but keep ${fmtShare(c.live.sloMetShare)} in time: goodput ${fmtReqPerSec(c.live.goodputReqPerSec)}, ${fmtTimes(goodput)} the replicas'.`
      : `and keep no more in time: ${fmtShare(c.live.sloMetShare)}, goodput ${fmtReqPerSec(c.live.goodputReqPerSec)}.`;
  const why =
    cause === 'interference'
      ? `The decode GPUs never run a prefill, so the drawn request lost ${fmtMs(c.tpotParts.interference)} a token to others' prefills and streamed at ${fmtMs(c.live.tpotMs)}.`
      : `The part of the drawn request's time that fell most is ${CAUSE_WORDS[cause]}; its TPOT is ${fmtMs(c.live.tpotMs)}.`;
  const price =
    c.live.ttftMs > b.live.ttftMs
      ? ` The price is paid before the first token: TTFT ${fmtMs(b.live.ttftMs)} → ${fmtMs(c.live.ttftMs)}, since prompts now queue for ${c.prefillGpus} prefill GPUs instead of ${b.gpus}, and its KV cache took ${fmtMs(c.kvTransferMs)} to cross to a decode GPU.`
      : ` Its TTFT went from ${fmtMs(b.live.ttftMs)} to ${fmtMs(c.live.ttftMs)}, and its KV cache took ${fmtMs(c.kvTransferMs)} to cross to a decode GPU.`;
  const rel = c.live.systemTokPerSec / b.live.systemTokPerSec - 1;
  const raw = Math.abs(rel) < SAME_THROUGHPUT ? 'about the same raw throughput' : rel > 0 ? 'more raw throughput' : 'less raw throughput';
  return `Split into ${c.layout}, the same ${c.gpus} GPUs make ${fmtTokPerSec(c.live.systemTokPerSec)} (${changeWords(c.live.systemTokPerSec, b.live.systemTokPerSec)} against the replicas: ${raw}) ${verdict} ${why}${price}`;
}

/** The split with each pool at its own TP, against the equal split (the scene's last step). */
function perPool(c: SceneReading, d: SceneReading): string {
  const goodput =
    Math.abs(d.live.goodputReqPerSec / Math.max(1e-9, c.live.goodputReqPerSec) - 1) < SAME_THROUGHPUT / 2
      ? `about the same goodput (${fmtReqPerSec(c.live.goodputReqPerSec)} → ${fmtReqPerSec(d.live.goodputReqPerSec)})`
      : `goodput ${fmtReqPerSec(c.live.goodputReqPerSec)} → ${fmtReqPerSec(d.live.goodputReqPerSec)}`;
  const tpot = d.live.tpotMs < c.live.tpotMs ? 'falls' : 'goes';
  return (
    `DistServe goes one step further: it picks each phase's parallelism on its own. As ${d.layout}, the prompts still have two prefill instances to queue for, ` +
    `while each decode step reads the weights and the KV cache over two GPUs at once: the drawn request's TPOT ${tpot} from ${fmtMs(c.live.tpotMs)} to ${fmtMs(d.live.tpotMs)}, ` +
    `further inside the ${d.live.tpotSloMs === null ? '' : `${fmtMs(d.live.tpotSloMs)} `}target, with ${goodput} and TTFT ${fmtMs(c.live.ttftMs)} → ${fmtMs(d.live.ttftMs)}. ` +
    `A higher prefill TP would shorten each prompt but leave one queue for all of them: at this traffic the queue decides.`
  );
}

/** Scene 3: at the same GPUs, disaggregated prefill and decode hold the SLO at a rate colocated replicas cannot (the DistServe shape). */
export const splitScene: LeverScene = {
  id: 3,
  title: 'Twice the traffic',
  complaint: '"When traffic peaks, everything slows."',
  question: 'Four H100s serve Llama 3.1 8B as four replicas, with long prompts and a tight 20 ms TPOT target. Traffic is about to double, from 10 to 20 requests a second, and there is no budget for more GPUs. How should the four GPUs be used?',
  prediction: {
    prompt: 'At twice the traffic, which keeps more requests within the SLO?',
    choices: [
      'Split them: two GPUs only prefill, and two only decode',
      'Keep four replicas: the balancer spreads the load evenly',
      'Neither: twice the traffic on the same GPUs halves goodput',
      'Either: the same GPUs make the same throughput, so the same goodput',
    ],
    correctIndex: 0,
  },
  steps: [
    { label: 'Set up: 4 replicas on 4 H100s, 10 req/s', query: REPLICAS_10, watchHint: 'Note throughput, goodput and the share in time at today’s traffic.', pinPrevious: false },
    { label: 'Switch to: twice the traffic, 20 req/s', query: REPLICAS_20, watchHint: 'The 10 req/s run is pinned as the baseline. Compare throughput with goodput, and TPOT with its 20 ms target.', pinPrevious: true },
    { label: 'Switch to: the same 4 GPUs, 2 prefill + 2 decode', query: SPLIT_20, watchHint: 'The four replicas at 20 req/s are pinned as the baseline. Compare throughput, goodput and TPOT.', pinPrevious: true },
    {
      label: 'Switch to: each pool at its own TP, decode as one 2-GPU instance',
      query: POOLS_20,
      watchHint: 'The 2 + 2 split is pinned as the baseline. DistServe sizes each phase on its own: compare TPOT, goodput and TTFT.',
      pinPrevious: true,
    },
  ],
  watch: ['system-throughput', 'goodput', 'slo-share', 'tpot', 'ttft'],
  columns: [
    { label: 'GPUs', value: (r) => `${r.gpus} as ${r.layout}` },
    { label: 'Traffic', value: rateOf },
    { label: 'Throughput', value: (r) => fmtTokPerSec(r.live.systemTokPerSec), metric: 'system-throughput' },
    { label: 'Goodput', value: (r) => fmtReqPerSec(r.live.goodputReqPerSec), metric: 'goodput' },
    { label: 'In time', value: (r) => fmtShare(r.live.sloMetShare), metric: 'slo-share' },
    { label: 'TPOT', value: (r) => fmtMs(r.live.tpotMs), metric: 'tpot' },
    { label: "Others' prefills a token", value: (r) => fmtMs(r.tpotParts.interference) },
    { label: 'TTFT', value: (r) => fmtMs(r.live.ttftMs), metric: 'ttft' },
    { label: 'KV transfer', value: (r) => (r.prefillGpus > 0 ? fmtMs(r.kvTransferMs) : 'none') },
  ],
  answer: 'Kept on separate GPUs, prefill and decode stop slowing each other down: with the same GPUs and about the same raw throughput, far more requests meet the SLO.',
  // The lesson of the scene is the split itself (steps 2 → 3); the last step refines it.
  cause: (rs) => largestFall(rs[1], rs[2]),
  explain(rs) {
    const [a, b, c, d] = rs;
    return d ? [doubled(a, b), split(b, c), perPool(c, d)] : [doubled(a, b), split(b, c)];
  },
  applies: appliesWhileSame(POOLS_20, LEVER_SCENE_KEYS, 'the same four GPUs split into prefill and decode, each pool at its own TP'),
};
