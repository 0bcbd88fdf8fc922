import { appliesWhileSame, LEVER_SCENE_KEYS } from '../applies';
import { CAUSE_WORDS, changeWords } from '../diagnosis/text';
import { fmtMs, fmtTokens } from '../format';
import { largestFall, SCENE_STEADY } from './causes';
import type { LeverScene, SceneReading } from './types';

const BEFORE = 'workload=summarize&load=idle';
const AFTER = 'workload=summarize&load=idle&prefixCacheShare=0.8';

function tpotSentence(b: SceneReading, a: SceneReading): string {
  const rel = a.live.tpotMs / b.live.tpotMs - 1;
  if (Math.abs(rel) < SCENE_STEADY) {
    const same = fmtMs(b.live.tpotMs) === fmtMs(a.live.tpotMs);
    return `${same ? `TPOT stayed at ${fmtMs(a.live.tpotMs)}` : `TPOT went from ${fmtMs(b.live.tpotMs)} to ${fmtMs(a.live.tpotMs)}`}: the cache spares the reading of the prompt, not the writing of the answer, and every decode step still reads the weights and the whole context, cached part included.`;
  }
  return `TPOT moved as well, ${fmtMs(b.live.tpotMs)} to ${fmtMs(a.live.tpotMs)} (${changeWords(a.live.tpotMs, b.live.tpotMs)}): with less prefill to run, ${rel < 0 ? 'fewer decode steps were stretched by other prompts' : 'more requests fit at once and share each step'}.`;
}

/** Scene 1: prefix caching moves TTFT, not TPOT. */
export const prefixScene: LeverScene = {
  id: 1,
  title: 'The long summary',
  complaint: '"Long documents take forever to start."',
  question: 'Your summaries start slowly: almost a second of silence before the first word. Most of each prompt is the same document, asked about again. If 80% of every prompt is already in the KV cache, what changes?',
  prediction: {
    prompt: 'What does caching 80% of each prompt do?',
    choices: [
      'TTFT falls a lot, and TPOT stays about the same',
      'TPOT falls a lot, and TTFT stays about the same',
      'Both fall, by about the same share',
      'Neither moves much: the whole prompt is still in context',
    ],
    correctIndex: 0,
  },
  steps: [
    { label: 'Set up: summarize a long doc, idle server', query: BEFORE, watchHint: 'Note TTFT, its prefill, and TPOT for the summary with nothing cached.', pinPrevious: false },
    { label: 'Switch to: 80% of each prompt cached', query: AFTER, watchHint: 'The run before is pinned as the baseline. Compare TTFT, its prefill and TPOT with it.', pinPrevious: true },
  ],
  watch: ['ttft', 'ttft-prefill', 'ttft-queue', 'tpot', 'e2e'],
  columns: [
    { label: 'Cached', value: (r) => fmtTokens(r.cachedTokens) },
    { label: 'TTFT', value: (r) => fmtMs(r.live.ttftMs), metric: 'ttft' },
    { label: 'Prefill', value: (r) => fmtMs(r.live.parts.prefillMs), metric: 'ttft-prefill' },
    { label: 'Prefill saved', value: (r) => fmtMs(r.prefillSavedMs) },
    { label: 'TPOT', value: (r) => fmtMs(r.live.tpotMs), metric: 'tpot' },
    { label: 'E2E', value: (r) => fmtMs(r.live.e2eMs), metric: 'e2e' },
  ],
  answer: 'A cached prefix is prefill the server no longer does, so the first token comes sooner; the answer is written at the same pace, because decode never did that work.',
  cause: (rs) => largestFall(rs[0], rs[rs.length - 1]),
  explain(rs) {
    const b = rs[0];
    const a = rs[rs.length - 1];
    const cause = largestFall(b, a);
    const computed = a.live.promptTokens - a.cachedTokens;
    const why =
      cause === 'prefill'
        ? `Nearly all of that is prefill, ${fmtMs(b.live.parts.prefillMs)} → ${fmtMs(a.live.parts.prefillMs)}: ${fmtTokens(a.cachedTokens)} of its ${a.live.promptTokens.toLocaleString('en-US')}-token prompt were already in the KV cache, so only ${fmtTokens(computed)} were computed, which saved the drawn request ${fmtMs(a.prefillSavedMs)} of prefill.`
        : `The part that fell most is ${CAUSE_WORDS[cause]}, not prefill: here the cache mattered less than ${CAUSE_WORDS[cause]} did.`;
    return [
      `TTFT went from ${fmtMs(b.live.ttftMs)} to ${fmtMs(a.live.ttftMs)} (${changeWords(a.live.ttftMs, b.live.ttftMs)}). ${why}`,
      `${tpotSentence(b, a)} The summary still takes ${fmtMs(a.live.e2eMs)} end to end (it took ${fmtMs(b.live.e2eMs)}); what the user gets back is the silence before the first word.`,
    ];
  },
  applies: appliesWhileSame(AFTER, LEVER_SCENE_KEYS, 'a long summary with 80% of each prompt cached'),
};
