import { appliesWhileSame } from '../applies';
import { fmtMs, fmtTimes, fmtTokPerSec } from '../format';
import type { TryItQuestion } from '../types';

const AFTER = 'workload=chat&load=busy';

/** Q4: batching raises system throughput and per-user latency together. */
export const q4: TryItQuestion = {
  id: 4,
  title: 'Busy and slower',
  question: 'You flip the server to busy. System throughput shoots up, yet complaints about slowness spike. What happened, and which two numbers would prove it?',
  prediction: {
    kind: 'choice',
    prompt: 'What happened?',
    choices: [
      'Each user now waits in a queue and shares the GPU: per-user TTFT and TPOT rose',
      'The server is overloaded, so throughput secretly fell',
      'Nothing: more throughput means everyone gets answers faster',
      'Only E2E rose, because the answers got longer',
    ],
    correctIndex: 0,
  },
  steps: [
    { label: 'Set up: chatbot reply, idle (1 user)', query: 'workload=chat&load=idle', watchHint: 'Note system throughput, TTFT and TPOT with one user, then go busy.' },
    { label: 'Switch to: busy (16 users)', query: AFTER, watchHint: 'System throughput climbs; now look at the per-user numbers.' },
  ],
  watch: ['system-throughput', 'ttft', 'tpot', 'user-throughput'],
  answer: 'Batching more users raised system throughput, but each user queues and shares every decode step, so per-user TTFT and TPOT rose: the latency-throughput trade.',
  explain(live, before) {
    const users = live.users === null ? 'open-loop traffic' : `${live.users} users`;
    const proof =
      `TTFT and TPOT per user, best at the tail (p99 TTFT is now ${fmtMs(live.ttftP99Ms)}), prove it. ` +
      'One read of the weights now serves a whole batch, which is why the total climbs, and why you choose a point on the curve rather than maximizing both.';
    if (!before) {
      return `With ${users} the server produces ${fmtTokPerSec(live.systemTokPerSec)}, but each user gets TTFT ${fmtMs(live.ttftMs)} and TPOT ${fmtMs(live.tpotMs)}. ${proof}`;
    }
    return (
      `With ${users} the server produces ${fmtTokPerSec(live.systemTokPerSec)} instead of ${fmtTokPerSec(before.systemTokPerSec)} (${fmtTimes(live.systemTokPerSec / before.systemTokPerSec)}). ` +
      `Each user got slower: TTFT went from ${fmtMs(before.ttftMs)} to ${fmtMs(live.ttftMs)} because requests queue behind each other's prefills, ` +
      `and TPOT from ${fmtMs(before.tpotMs)} to ${fmtMs(live.tpotMs)} because every decode step now carries the whole batch, ` +
      `so a user streams ${fmtTokPerSec(live.userTokPerSec)} instead of ${fmtTokPerSec(before.userTokPerSec)}. ${proof}`
    );
  },
  applies: appliesWhileSame(AFTER, ['workload', 'prompt', 'output', 'users', 'rate', 'thinkMs', 'server', 'chunkedPrefill'], 'a chatbot on a busy lesson server'),
};
