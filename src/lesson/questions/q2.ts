import { appliesWhileSame, SERVER_KEYS } from '../applies';
import { e2eDominant, PART_WORDS } from '../causes';
import { fmtLongSeconds, fmtMs, fmtTimes, fmtTokPerSec, fmtTokens } from '../format';
import { READER_TOK_PER_SEC, readingSeconds } from '../reading';
import type { TryItQuestion } from '../types';

const SETUP = 'workload=report&load=idle';

/** Q2: with streaming, a long E2E is invisible when TTFT is short and TPOT beats reading. */
export const q2: TryItQuestion = {
  id: 2,
  title: 'The 45-second report',
  question: 'Your long report takes about 45 seconds end to end, and users are happy with it. How is that possible: what are they actually feeling?',
  prediction: {
    prompt: 'What do the users feel?',
    choices: [
      'A short wait for the first words, then text that arrives faster than they read',
      'A long silence, then the whole report at once, which is fine for a report',
      'A quick start, then text that keeps pace with them word for word',
      'Nothing: they switch to another tab and come back when it is done',
    ],
    correctIndex: 0,
  },
  steps: [{ label: 'Set up: write a long report, idle server', query: SETUP, watchHint: 'Look at TTFT, TPOT, E2E and the pace per user. The streaming panel plays the report beside a reader.' }],
  watch: ['ttft', 'tpot', 'e2e', 'user-throughput', 'output-tokens'],
  alsoSee: { label: 'Play the report in the streaming panel', href: '#streaming' },
  answer: 'Nobody waits for E2E when it streams: they feel a quick first token and a pace faster than reading, so they are reading the whole time.',
  cause: (live) => e2eDominant(live),
  explain(live) {
    const readS = readingSeconds(live.outputTokens);
    const writeS = live.e2eMs / 1000;
    const dominant = e2eDominant(live);
    const shape =
      dominant === 'decode'
        ? `Of its ${fmtMs(live.e2eMs)}, all but the first ${fmtMs(live.ttftMs)} is ${PART_WORDS.decode}: after the first token, one more arrives every ${fmtMs(live.tpotMs)}.`
        : `Here the wait for the first token (${fmtMs(live.ttftMs)}, mostly ${PART_WORDS[dominant]}) is most of its ${fmtMs(live.e2eMs)}, and that wait is felt.`;
    const pace =
      live.userTokPerSec > READER_TOK_PER_SEC
        ? `The pace per user, ${fmtTokPerSec(live.userTokPerSec)}, is ${fmtTimes(live.userTokPerSec / READER_TOK_PER_SEC)} a reader's ${fmtTokPerSec(READER_TOK_PER_SEC)}: reading ${fmtTokens(live.outputTokens)} takes about ${fmtLongSeconds(readS)}, longer than the ${fmtLongSeconds(writeS)} of writing, so the reader never catches up and reads from the first second to the last.`
        : `The pace per user, ${fmtTokPerSec(live.userTokPerSec)}, is slower than a reader's ${fmtTokPerSec(READER_TOK_PER_SEC)}: here readers would catch up and wait for every word.`;
    return `${shape} ${pace} E2E only hurts when nothing streams, such as a tool call your code waits on.`;
  },
  applies: appliesWhileSame(SETUP, ['workload', 'prompt', 'output', 'users', 'rate', ...SERVER_KEYS], 'a long report on an idle lesson server'),
};
