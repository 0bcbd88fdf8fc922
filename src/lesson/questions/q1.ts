import { appliesWhileSame } from '../applies';
import { fmtChange, fmtMs, fmtTimes, fmtTokens } from '../format';
import type { TryItQuestion } from '../types';

const AFTER = 'workload=summarize&load=idle';

/** Q1: a long prompt moves TTFT, not TPOT. */
export const q1: TryItQuestion = {
  id: 1,
  title: 'Chat to summary',
  question: 'Predict: you switch the lab from a chatbot reply to summarizing a long document. Which number jumps the most, and why?',
  prediction: {
    kind: 'choice',
    prompt: 'Which number jumps the most?',
    choices: [
      'TTFT, the wait before the first token',
      'TPOT, the gap between one token and the next',
      'Both, by about the same factor',
      'Neither: same model, same speed',
    ],
    correctIndex: 0,
  },
  steps: [
    { label: 'Set up: chatbot reply, idle server', query: 'workload=chat&load=idle', watchHint: 'Note TTFT and TPOT for the chatbot reply, then switch to the summary.' },
    { label: 'Switch to: summarize a long doc', query: AFTER, watchHint: 'Compare TTFT and TPOT with the numbers you just saw.' },
  ],
  watch: ['ttft', 'tpot'],
  answer: 'TTFT jumps: the whole prompt is prefilled before the first token, and a longer prompt means a longer prefill; the decode pace (TPOT) hardly changes.',
  explain(live, before) {
    const why =
      `The summary's prompt is ${fmtTokens(live.promptTokens)}: the server must prefill all of it before the first token can leave, ` +
      'and prefill work grows with the prompt. After that, each token costs one decode step, whatever the prompt was, so TPOT stays put.';
    if (!before) {
      return `TTFT is now ${fmtMs(live.ttftMs)} while TPOT is ${fmtMs(live.tpotMs)}. ${why}`;
    }
    return (
      `TTFT went from ${fmtMs(before.ttftMs)} to ${fmtMs(live.ttftMs)}, ${fmtTimes(live.ttftMs / before.ttftMs)} longer, ` +
      `while TPOT went from ${fmtMs(before.tpotMs)} to ${fmtMs(live.tpotMs)} (${fmtChange(live.tpotMs, before.tpotMs)}). ` +
      `The chat turn's prompt was ${fmtTokens(before.promptTokens)}. ${why}`
    );
  },
  applies: appliesWhileSame(AFTER, ['workload', 'prompt', 'output', 'users', 'rate', 'server', 'chunkedPrefill'], 'a long-document summary on an idle lesson server'),
};
