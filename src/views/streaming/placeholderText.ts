/**
 * Deterministic stand-in text for a simulated answer: `n` tokens at about
 * 0.75 words per token, as English text runs. Two words in three are one
 * token and one in three is split in two, so words per token is 3 / 4.
 */

const WORDS = [
  'the', 'report', 'shows', 'that', 'latency', 'depends', 'on', 'prompt', 'length', 'and', 'load', 'while', 'each',
  'token', 'arrives', 'at', 'a', 'steady', 'pace', 'users', 'read', 'as', 'model', 'writes', 'server', 'batches',
  'requests', 'together', 'so', 'throughput', 'grows', 'but', 'every', 'answer', 'waits', 'longer', 'first', 'word',
  'appears', 'quickly', 'then', 'text', 'flows', 'smoothly', 'across', 'screen', 'memory', 'bandwidth', 'limits',
  'decode', 'prefill', 'reads', 'whole', 'document', 'before', 'writing', 'anything', 'goodput', 'counts', 'only',
  'requests', 'meeting', 'targets', 'tail', 'matters', 'more', 'than', 'average',
];

/** Mulberry32: a tiny seeded generator, so the same `n` always gives the same text. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` token strings; joined they read as sentences. Each token after the first starts with its space, as BPE tokens do. */
export function placeholderTokens(n: number, seed = 7): string[] {
  const next = rng(seed);
  const tokens: string[] = [];
  let wordsInSentence = 0;
  let sentenceLength = 8 + Math.floor(next() * 8);
  while (tokens.length < n) {
    let word = WORDS[Math.floor(next() * WORDS.length)];
    if (wordsInSentence === 0) word = word[0].toUpperCase() + word.slice(1);
    wordsInSentence++;
    const endsSentence = wordsInSentence >= sentenceLength;
    if (endsSentence) {
      word += '.';
      wordsInSentence = 0;
      sentenceLength = 8 + Math.floor(next() * 8);
    }
    const lead = tokens.length === 0 ? '' : ' ';
    if (next() < 1 / 3 && word.length >= 2) {
      const cut = Math.ceil(word.length / 2);
      tokens.push(lead + word.slice(0, cut), word.slice(cut));
    } else {
      tokens.push(lead + word);
    }
  }
  return tokens.slice(0, n);
}

/** Character offset after each token in the joined text, so any prefix is one `slice`. */
export function tokenOffsets(tokens: readonly string[]): number[] {
  const out: number[] = [];
  let at = 0;
  for (const t of tokens) {
    at += t.length;
    out.push(at);
  }
  return out;
}
