import { appliesWhileSame, SERVER_KEYS } from '../applies';
import { largestIncrease, largestPart, PART_WORDS, partMs, type TtftPart } from '../causes';
import { fmtMs, fmtTimes, fmtTokPerSec } from '../format';
import type { LiveNumbers, TryItQuestion } from '../types';

const BEFORE = 'workload=chat&load=idle';
const AFTER = 'workload=chat&load=busy';

/** Why a part of TTFT grows when more users share the server. */
const BUSY_WHY: Record<TtftPart, string> = {
  queue: 'a request now waits for the iteration in progress and for the requests ahead of it',
  prefill: 'its prefill now shares each iteration with the decode steps of everyone else',
  network: 'the network delay varies from request to request; the server itself added little',
};

/** The part of TTFT that grew most from the first step, or (without it) the largest part now. */
function causeOf(live: LiveNumbers, before?: LiveNumbers): TtftPart {
  return before ? largestIncrease(before.parts, live.parts) : largestPart(live.parts);
}

/** Q4: batching raises system throughput and per-user latency together. */
export const q4: TryItQuestion = {
  id: 4,
  title: 'Busy and slower',
  question: 'You flip the server to busy. System throughput shoots up, yet complaints about slowness spike. What happened, and which two numbers would prove it?',
  prediction: {
    prompt: 'What happened?',
    choices: [
      'Each user now waits for and shares the GPU: per-user TTFT and TPOT rose',
      'The extra users congested the network to the server: only TTFT rose',
      'The GPU ran hot under the load and slowed down: only TPOT rose',
      'The server wrote longer answers when it was busy: only E2E rose',
    ],
    correctIndex: 0,
  },
  steps: [
    { label: 'Set up: chatbot reply, idle (1 user)', query: BEFORE, watchHint: 'Note system throughput, TTFT with its parts, and TPOT with one user, then go busy.' },
    { label: 'Switch to: busy (16 users)', query: AFTER, watchHint: 'System throughput climbs; now compare the per-user numbers and the parts of TTFT.' },
  ],
  watch: ['system-throughput', 'ttft', 'ttft-queue', 'ttft-prefill', 'ttft-network', 'ttft-p95', 'tpot', 'user-throughput'],
  answer: 'Batching more users raised system throughput, but each user queues and shares every decode step, so per-user TTFT and TPOT rose: the latency-throughput trade.',
  cause: (live, before) => causeOf(live, before),
  explain(live, before) {
    const users = live.users === null ? 'open-loop traffic' : `${live.users} ${live.users === 1 ? 'user' : 'users'}`;
    const part = causeOf(live, before);
    const proof =
      `The two numbers that prove it are per-user TTFT and TPOT, best read at the tail: p95 TTFT is now ${fmtMs(live.ttftP95Ms)}. ` +
      'One read of the weights serves the whole batch, which is why the total climbs, and why you pick a point on the curve rather than having both.';
    if (!before) {
      return (
        `With ${users} the server produces ${fmtTokPerSec(live.systemTokPerSec)}, but each user gets TTFT ${fmtMs(live.ttftMs)} (the largest part: ${PART_WORDS[part]}, ${fmtMs(partMs(live.parts, part))}) ` +
        `and TPOT ${fmtMs(live.tpotMs)}. ${proof}`
      );
    }
    return (
      `With ${users} the server produces ${fmtTokPerSec(live.systemTokPerSec)} instead of ${fmtTokPerSec(before.systemTokPerSec)} (${fmtTimes(live.systemTokPerSec / before.systemTokPerSec)}). ` +
      `Each user got slower. TTFT went from ${fmtMs(before.ttftMs)} to ${fmtMs(live.ttftMs)}, and the part that grew most is ${PART_WORDS[part]}, ` +
      `${fmtMs(partMs(before.parts, part))} to ${fmtMs(partMs(live.parts, part))}: ${BUSY_WHY[part]}. ` +
      `TPOT went from ${fmtMs(before.tpotMs)} to ${fmtMs(live.tpotMs)} because every decode step now carries the whole batch, so a user streams ${fmtTokPerSec(live.userTokPerSec)} instead of ${fmtTokPerSec(before.userTokPerSec)}. ${proof}`
    );
  },
  applies: appliesWhileSame(AFTER, ['workload', 'prompt', 'output', 'users', 'rate', 'thinkMs', ...SERVER_KEYS], 'a chatbot on a busy lesson server'),
};
