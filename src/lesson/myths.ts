import { fmtMs, fmtReqPerSec, fmtShare, fmtTimes, fmtTokens, fmtTokPerSec } from './format';
import { READER_TOK_PER_SEC } from './reading';
import type { LiveNumbers, MythCard } from './types';

const usersText = (live: LiveNumbers) => (live.users === null ? 'open-loop traffic' : `${live.users} ${live.users === 1 ? 'user' : 'users'}`);

/**
 * The lesson's seven mental-model corrections. Each "Show me" scenario is a
 * deep link on the lesson server in which the lab's own readouts contradict
 * the myth; test/lesson checks that they do.
 */
export const MYTHS: readonly MythCard[] = [
  {
    id: 'one-number',
    myth: 'Latency is one number.',
    correction:
      'A request has at least three: the wait for the first token (TTFT), the pace after it (TPOT) and the total (E2E). They come from different phases and need different fixes.',
    query: 'workload=report&load=idle',
    lookAt: 'A long report: the first token in about a tenth of a second, a steady pace, and still an end-to-end time of most of a minute. Three numbers, three different stories.',
    watch: ['ttft', 'tpot', 'e2e'],
    evidence: (live) => `Here: TTFT ${fmtMs(live.ttftMs)}, TPOT ${fmtMs(live.tpotMs)}, E2E ${fmtMs(live.e2eMs)}. Which one is "the latency"?`,
  },
  {
    id: 'latency-throughput',
    myth: 'Lower latency means higher throughput.',
    correction:
      'They pull against each other. Serving more users at once raises the server\'s total tokens per second, and makes each user wait longer for the first token and for every token after it.',
    query: 'workload=chat&load=busy',
    lookAt: 'Sixteen chat users: system throughput is over ten times one user\'s, while each user\'s TTFT and TPOT are higher than on the idle server.',
    watch: ['system-throughput', 'ttft', 'tpot'],
    evidence: (live) => `With ${usersText(live)} the server makes ${fmtTokPerSec(live.systemTokPerSec)} in total, while each user waits ${fmtMs(live.ttftMs)} for the first token and ${fmtMs(live.tpotMs)} for each one after. Flip the load to idle: the per-user numbers drop, and so does the total.`,
  },
  {
    id: 'throughput-goal',
    myth: 'Throughput is the goal.',
    correction:
      'Raw throughput also counts answers that arrived too late to be any good. Goodput counts only completed requests that met every target, and that is what users feel.',
    query: 'workload=chat&users=32',
    lookAt: 'Thirty-two chat users: throughput is the highest yet, but TPOT has crept over the 50 ms target, so goodput collapses and the verdict turns to a miss.',
    watch: ['system-throughput', 'goodput', 'verdict', 'tpot'],
    evidence: (live) => `Throughput ${fmtTokPerSec(live.systemTokPerSec)} (${fmtReqPerSec(live.requestsPerSec)}), but goodput only ${fmtReqPerSec(live.goodputReqPerSec)}: ${fmtShare(live.sloMetShare)} of requests met the targets, with TPOT at ${fmtMs(live.tpotMs)}${live.tpotSloMs === null ? '' : ` against ${fmtMs(live.tpotSloMs)}`}.`,
  },
  {
    id: 'long-e2e-bad',
    myth: 'A long total response time is bad UX.',
    correction:
      'Not when it streams. With a quick first token and a pace faster than reading, the reader is busy from the first second; E2E only bites when nothing is shown until the end.',
    query: 'workload=report&load=idle',
    lookAt: 'The report takes most of a minute, but the first token is almost instant and tokens arrive several times faster than anyone reads. Play it in the streaming panel to feel it.',
    watch: ['e2e', 'ttft', 'user-throughput'],
    evidence: (live) => `E2E ${fmtMs(live.e2eMs)}, yet the first token arrives after ${fmtMs(live.ttftMs)} and the rest at ${fmtTokPerSec(live.userTokPerSec)}, against about ${fmtTokPerSec(READER_TOK_PER_SEC)} for a reader.`,
  },
  {
    id: 'ttft-model',
    myth: 'TTFT depends on the model.',
    correction:
      'On one and the same server, the prompt length (prefill work) and the queue (load) decide most of it. A short prompt and a very long one can differ several-fold.',
    query: 'workload=summarize&load=idle',
    lookAt: 'Same lesson server as the chat default, but a 16,000-token prompt: TTFT is several times the chat reply\'s, while TPOT is the same. That is the prompt-length half; the second button shows the queue.',
    watch: ['ttft', 'ttft-prefill', 'tpot'],
    evidence: (live) => `TTFT ${fmtMs(live.ttftMs)} for a ${fmtTokens(live.promptTokens)} prompt, ${fmtMs(live.parts.prefillMs)} of it prefill; TPOT ${fmtMs(live.tpotMs)}. Switch the workload to Chatbot reply: same server, same model, a fraction of the TTFT and the same TPOT.`,
    then: {
      label: 'Now add the queue: 16 users',
      query: 'workload=summarize&load=busy',
      lookAt: 'The same summary with sixteen users sending at once: prefill takes about as long as before, but the request first waits in the queue behind the others\' prompts, and that wait is most of its TTFT.',
      watch: ['ttft', 'ttft-queue', 'ttft-prefill'],
      evidence: (live) => `With ${usersText(live)}: TTFT ${fmtMs(live.ttftMs)}, of which ${fmtMs(live.parts.queueMs)} waiting in the queue and ${fmtMs(live.parts.prefillMs)} of prefill. Same server, same model, same prompt: now the load, not the prompt, decides most of the wait.`,
    },
  },
  {
    id: 'report-average',
    myth: 'Report the average.',
    correction:
      'Latency is skewed: most requests are quick and a few are awful. The mean is dragged by those few and describes nobody; report p50, p95 and p99 and write targets on percentiles.',
    query: 'workload=chat&rate=2.6&requests=2000&seed=2&ttftSlo=500&tpotSlo=off',
    lookAt: 'Chat traffic near capacity: the mean TTFT looks comfortable, but the distribution view shows a p99 many times larger, and goodput counts the misses.',
    watch: ['ttft', 'goodput', 'verdict'],
    evidence: (live) => `Mean TTFT ${fmtMs(live.ttftMeanMs)}, median ${fmtMs(live.ttftP50Ms)}, p99 ${fmtMs(live.ttftP99Ms)}: the slowest 1 in 100 waits ${fmtTimes(live.ttftP99Ms / live.ttftMeanMs)} the mean.`,
  },
  {
    id: 'weak-gpu',
    myth: 'Generation is slow because the GPU is weak.',
    correction:
      'Decoding is limited by memory bandwidth: every step streams all the weights to produce one token per sequence, and the arithmetic units mostly wait. That same read can serve many sequences at once.',
    query: 'workload=report&load=busy',
    lookAt: 'Sixteen users writing reports: the same GPU turns out over ten times the tokens per second, while each user\'s TPOT rises far less than sixteen-fold. It had the compute to spare.',
    watch: ['tpot', 'system-throughput'],
    evidence: (live) => `${usersText(live)} share every decode step: ${fmtTokPerSec(live.systemTokPerSec)} in total, and each still gets a token every ${fmtMs(live.tpotMs)} (${fmtTokPerSec(live.userTokPerSec)}).`,
  },
];
