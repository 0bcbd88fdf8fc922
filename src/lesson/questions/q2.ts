import { appliesWhileSame } from '../applies';
import { fmtLongSeconds, fmtMs, fmtTokPerSec, fmtTokens, fmtTimes } from '../format';
import { READER_TOK_PER_SEC, readingSeconds } from '../reading';
import type { TryItQuestion } from '../types';

const SETUP = 'workload=report&load=idle';

/** Q2: with streaming, a long E2E is invisible when TTFT is short and TPOT beats reading. */
export const q2: TryItQuestion = {
  id: 2,
  title: 'The 45-second report',
  question: 'Your long report takes about 45 seconds end to end, and users are happy with it. How is that possible: what are they actually feeling?',
  prediction: {
    kind: 'choice',
    prompt: 'What do the users feel?',
    choices: [
      'A short wait for the first word, then text arriving faster than they can read',
      'Nothing special: 45 seconds is a normal attention span',
      'They cannot be happy; 45 seconds always feels slow',
      'The whole report lands at once after 45 seconds, which is fine for a report',
    ],
    correctIndex: 0,
  },
  steps: [{ label: 'Set up: write a long report, idle server', query: SETUP, watchHint: 'Look at TTFT, TPOT and E2E, then play the report in the streaming panel.' }],
  watch: ['ttft', 'tpot', 'e2e', 'user-throughput'],
  alsoSee: { label: 'Play the report in the streaming panel', href: '#streaming' },
  answer: 'With streaming nobody waits for E2E: they feel a quick first token and a pace faster than reading, so they read the whole time.',
  explain(live) {
    const readS = readingSeconds(live.outputTokens);
    const writeS = live.e2eMs / 1000;
    return (
      `The report takes ${fmtMs(live.e2eMs)} end to end for ${fmtTokens(live.outputTokens)}, but nobody sits through that. ` +
      `The first token arrives after ${fmtMs(live.ttftMs)}, then a token every ${fmtMs(live.tpotMs)}: ${fmtTokPerSec(live.userTokPerSec)} for each user, ` +
      `while a person reads about ${fmtTokPerSec(READER_TOK_PER_SEC)}. Reading ${fmtTokens(live.outputTokens)} takes about ${fmtLongSeconds(readS)}, ` +
      `${fmtTimes(readS / writeS)} as long as the model needs to write them, so the reader never catches up: they are reading from the first second to the last. ` +
      'E2E only hurts when nothing streams, such as a tool call your code waits on.'
    );
  },
  applies: appliesWhileSame(SETUP, ['workload', 'prompt', 'output', 'users', 'rate', 'server', 'chunkedPrefill', 'networkMs'], 'a long report on an idle lesson server'),
};
