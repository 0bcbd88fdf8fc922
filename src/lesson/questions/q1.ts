import { appliesWhileSame, SERVER_KEYS } from '../applies';
import { largestIncrease, largestPart, PART_WHY, PART_WORDS, partMs, type TtftPart } from '../causes';
import { fmtChange, fmtMs, fmtTimes, fmtTokens } from '../format';
import type { LiveNumbers, TryItQuestion } from '../types';

const BEFORE = 'workload=chat&load=idle';
const AFTER = 'workload=summarize&load=idle';

/** A TPOT change below this share reads as "barely moves". */
const STEADY = 0.1;

function tpotSentence(live: LiveNumbers, before: LiveNumbers): string {
  const change = Math.abs(live.tpotMs / before.tpotMs - 1);
  return change < STEADY
    ? 'TPOT barely moves: after the first token every step makes one token, however long the prompt was.'
    : `TPOT moved by ${fmtChange(live.tpotMs, before.tpotMs)} as well: each decode step also reads the longer context from memory.`;
}

/** The part of TTFT that grew most from the first step, or (without it) the largest part now. */
function causeOf(live: LiveNumbers, before?: LiveNumbers): TtftPart {
  return before ? largestIncrease(before.parts, live.parts) : largestPart(live.parts);
}

/** Q1: a long prompt moves TTFT, not TPOT. */
export const q1: TryItQuestion = {
  id: 1,
  title: 'Chat to summary',
  question: 'Predict: you switch the lab from a chatbot reply to summarizing a long document. Which number jumps the most, and why?',
  prediction: {
    prompt: 'Which number jumps the most?',
    choices: [
      'TTFT: the whole document has to be read before the first token',
      'TPOT: every new token has a much longer document to look back at',
      'E2E only: a summary is a longer answer than a chat reply',
      'System throughput: a bigger job keeps the GPU busier',
    ],
    correctIndex: 0,
  },
  steps: [
    { label: 'Set up: chatbot reply, idle server', query: BEFORE, watchHint: 'Note TTFT, its parts and TPOT for the chat reply, then switch to the summary.' },
    { label: 'Switch to: summarize a long doc', query: AFTER, watchHint: 'Compare TTFT, its parts and TPOT with the chat numbers.' },
  ],
  watch: ['ttft', 'tpot', 'ttft-prefill', 'ttft-queue', 'ttft-network'],
  answer: 'TTFT jumps: prefill reads the whole prompt before the first token, so a longer prompt means a longer wait; the decode pace hardly changes.',
  cause: (live, before) => causeOf(live, before),
  explain(live, before) {
    const part = causeOf(live, before);
    const why = part === 'prefill'
      ? `the server prefills all ${fmtTokens(live.promptTokens)} of the prompt before the first token can leave, and that work grows with the prompt.`
      : `${PART_WHY[part]}.`;
    if (!before) {
      return `TTFT is ${fmtMs(live.ttftMs)} and TPOT ${fmtMs(live.tpotMs)}. The largest part of the wait is ${PART_WORDS[part]} (${fmtMs(partMs(live.parts, part))}): ${why}`;
    }
    return (
      `TTFT went from ${fmtMs(before.ttftMs)} to ${fmtMs(live.ttftMs)}, ${fmtTimes(live.ttftMs / before.ttftMs)} as long, while TPOT went from ${fmtMs(before.tpotMs)} to ${fmtMs(live.tpotMs)}. ` +
      `Most of the extra wait is ${PART_WORDS[part]}, from ${fmtMs(partMs(before.parts, part))} to ${fmtMs(partMs(live.parts, part))} (the chat prompt was ${fmtTokens(before.promptTokens)}): ${why} ` +
      tpotSentence(live, before)
    );
  },
  applies: appliesWhileSame(AFTER, ['workload', 'prompt', 'output', 'users', 'rate', ...SERVER_KEYS], 'a long-document summary on an idle lesson server'),
};
