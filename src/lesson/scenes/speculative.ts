import { appliesWhileSame, LEVER_SCENE_KEYS } from '../applies';
import { CAUSE_WORDS } from '../diagnosis/text';
import { fmtMs, fmtTimes, fmtTokPerSec } from '../format';
import { largestChange, SCENE_STEADY } from './causes';
import type { LeverScene, SceneCrossover, SceneReading } from './types';

const ONE_OFF = 'workload=report&load=idle';
const ONE_ON = 'workload=report&load=idle&specTokens=4';
const MANY_OFF = 'workload=report&users=64';
const MANY_ON = 'workload=report&users=64&specTokens=4';

const round1 = (x: number) => (Math.round(x * 10) / 10).toLocaleString('en-US');

/** How the gain at load compares with the gain at one user. */
export type SpecOutcome = 'loss' | 'shrank' | 'held';

/** TPOT before / after: above 1 is a gain. */
const speedup = (off: SceneReading, on: SceneReading) => off.live.tpotMs / on.live.tpotMs;

/** What happened to the gain once the batch filled, from the four readings (one user off, on; many users off, on). */
export function specOutcome(rs: readonly SceneReading[]): SpecOutcome {
  const one = speedup(rs[0], rs[1]);
  const many = speedup(rs[2], rs[3]);
  if (many < 1 - SCENE_STEADY) return 'loss';
  return many < one * (1 - SCENE_STEADY) ? 'shrank' : 'held';
}

function oneUser(off: SceneReading, on: SceneReading): string {
  return (
    `With one user, TPOT went from ${fmtMs(off.live.tpotMs)} to ${fmtMs(on.live.tpotMs)}, ${fmtTimes(speedup(off, on))} as fast. ` +
    `Each step now drafts ${on.specTokens} tokens and checks them in one pass, yielding about ${round1(on.tokensPerStep)} tokens a step. ` +
    'With a single sequence a step is mostly the reading of the weights from memory, and the check reads them once for all the drafted tokens, so the extra tokens come nearly free.'
  );
}

function manyUsers(off: SceneReading, on: SceneReading, outcome: SpecOutcome, oneSpeedup: number): string {
  const batch = Math.round(on.decodeBatch);
  const users = on.live.users ?? batch;
  const load = `About ${batch} sequences share each step, so the check is ${on.specTokens + 1} tokens for each of them, ${((on.specTokens + 1) * batch).toLocaleString('en-US')} tokens of real compute a step`;
  const head = `With ${users} users, TPOT went from ${fmtMs(off.live.tpotMs)} to ${fmtMs(on.live.tpotMs)}`;
  switch (outcome) {
    case 'loss':
      return `${head}: a loss. ${load}, and a step now costs more than the extra tokens it brings.`;
    case 'shrank':
      return `${head}, ${fmtTimes(speedup(off, on))} as fast instead of ${fmtTimes(oneSpeedup)}: the gain shrank. ${load}, so each step takes longer and eats into what the drafts win.`;
    case 'held':
      return `${head}, ${fmtTimes(speedup(off, on))} as fast: here the gain held up. ${load}, and this server still had compute to spare for it.`;
  }
}

/**
 * The chart under scene 2's explanation: each method at its defaults on a
 * real server (the README's crossover table: Llama-3.1-8B on one H100, chat),
 * swept over the curve's users, so a student sees where each gain turns into
 * a loss. Lesson content, like the steps: the page sweeps it in a worker.
 */
export const SPEC_CROSSOVER: SceneCrossover = {
  title: 'Where each method turns into a loss: speedup against users',
  subtitle:
    'Llama-3.1-8B on one H100, chat, each method at its defaults: TPOT p50 without ÷ with it, at 1 to 256 users. Above 1× it gains; where a line crosses 1× the extra verify compute costs more than the drafted tokens bring.',
  base: 'server=hardware&model=llama-3.1-8b&gpu=h100-sxm&workload=chat&requests=400',
  // The curve's own points (engine/sweep.ts DEFAULT_SWEEP_USERS; a test holds them equal).
  users: [1, 2, 4, 8, 16, 32, 64, 128, 256],
  methods: [
    { id: 'draft', label: 'draft model (Llama-3.2-1B)', query: 'specMethod=draft' },
    { id: 'eagle', label: 'EAGLE-2 (60-token tree)', query: 'specMethod=eagle' },
    { id: 'eagle3', label: 'EAGLE-3 (60-token tree)', query: 'specMethod=eagle3' },
    { id: 'ngram', label: 'n-gram prompt lookup', query: 'specMethod=ngram' },
  ],
};

/** Scene 2: speculative decoding helps one user a lot and a full batch little, or not at all. */
export const specScene: LeverScene = {
  id: 2,
  title: 'The long report',
  complaint: '"The text trickles."',
  question: 'A long report streams at one token every 30 ms or so. Speculative decoding lets a small draft model guess 4 tokens ahead and the big model check them in one pass. Try it with one user, then with 64 users sharing the server. What happens to TPOT?',
  prediction: {
    prompt: 'What does speculative decoding do to TPOT?',
    choices: [
      'A big gain at one user, and a loss at 64',
      'A big gain at both loads, a little smaller at 64',
      'A small gain at one user, and a bigger one at 64',
      'No gain at either load: drafting only helps the first token',
    ],
    correctIndex: 0,
  },
  steps: [
    { label: 'Set up: write a long report, 1 user', query: ONE_OFF, watchHint: 'Note TPOT and the pace per user with plain decoding.', pinPrevious: false },
    { label: 'Switch to: speculative decoding, 4 draft tokens a step', query: ONE_ON, watchHint: 'The plain run is pinned as the baseline. Compare TPOT and the pace per user.', pinPrevious: true },
    { label: 'Switch to: 64 users, speculation off', query: MANY_OFF, watchHint: 'The one-user speculative run is pinned as the baseline. The same report with 64 users sharing the server, plain decoding: note how TPOT and the system throughput moved.', pinPrevious: true },
    { label: 'Switch to: 64 users, speculative decoding on', query: MANY_ON, watchHint: 'The 64-user run is pinned as the baseline. Compare TPOT with it.', pinPrevious: true },
  ],
  watch: ['tpot', 'tpot-p50', 'user-throughput', 'system-throughput'],
  columns: [
    { label: 'Users', value: (r) => String(r.live.users ?? '–') },
    { label: 'Drafts a step', value: (r) => (r.specTokens > 0 ? String(r.specTokens) : 'off') },
    { label: 'Tokens a step', value: (r) => round1(r.tokensPerStep) },
    { label: 'Sharing each step', value: (r) => String(Math.round(r.decodeBatch)) },
    { label: 'TPOT', value: (r) => fmtMs(r.live.tpotMs), metric: 'tpot' },
    { label: 'Per-user pace', value: (r) => fmtTokPerSec(r.live.userTokPerSec), metric: 'user-throughput' },
    { label: 'System', value: (r) => fmtTokPerSec(r.live.systemTokPerSec), metric: 'system-throughput' },
  ],
  answer: 'Speculative decoding spends spare compute to make more tokens per read of the weights: there is plenty to spare with one user, and little or none once a full batch uses it.',
  cause: (rs) => largestChange(rs[2], rs[3]),
  explain(rs) {
    const outcome = specOutcome(rs);
    const cause = largestChange(rs[2], rs[3]);
    const part = cause === 'pace' ? '' : ` At 64 users the part of its time that changed most was ${CAUSE_WORDS[cause]}.`;
    return [
      oneUser(rs[0], rs[1]),
      `${manyUsers(rs[2], rs[3], outcome, speedup(rs[0], rs[1]))}${part} System throughput went from ${fmtTokPerSec(rs[2].live.systemTokPerSec)} to ${fmtTokPerSec(rs[3].live.systemTokPerSec)} at 64 users.`,
      'Decode is bound by memory only while the batch is small; a full batch has already turned that spare compute into tokens.',
    ];
  },
  applies: appliesWhileSame(MANY_ON, LEVER_SCENE_KEYS, 'speculative decoding with 64 users'),
  crossover: SPEC_CROSSOVER,
};
