/**
 * Short, common English words that BPE tokenizers (Llama 3, GPT-4o, Qwen,
 * Mistral) encode as one token each when preceded by a space.
 */
const WORDS = [
  'time', 'people', 'way', 'water', 'day', 'part', 'sound', 'work', 'place', 'year', 'back', 'thing', 'name', 'sentence', 'man',
  'line', 'boy', 'farm', 'end', 'men', 'land', 'home', 'hand', 'picture', 'air', 'animal', 'house', 'page', 'letter', 'point',
  'mother', 'answer', 'world', 'food', 'country', 'plant', 'school', 'father', 'tree', 'city', 'earth', 'eye', 'head', 'story',
  'example', 'life', 'paper', 'group', 'music', 'color', 'river', 'car', 'feet', 'book', 'science', 'room', 'friend', 'idea',
  'fish', 'mountain', 'horse', 'watch', 'face', 'wood', 'list', 'bird', 'body', 'family', 'song', 'door', 'wind', 'ship', 'area',
  'rock', 'order', 'fire', 'problem', 'piece', 'top', 'king', 'street', 'inch', 'lot', 'nothing', 'course', 'wheel', 'force',
];

/**
 * A prompt of about `tokens` tokens: an instruction, then `tokens − 12` words
 * drawn from `WORDS` (one token each for common BPE tokenizers). The count is
 * approximate, typically within ±5% for those tokenizers and up to +30% for
 * others; the server's `usage.prompt_tokens`, when reported, gives the true
 * count. `salt` (the request index) changes the words so requests do not share
 * a cached prefix beyond the instruction.
 */
export function syntheticPrompt(tokens: number, salt = 0): string {
  const instruction = 'Continue this list of words with more words:';
  const n = Math.max(1, Math.round(tokens) - 12);
  const words: string[] = new Array(n);
  // A small LCG keeps it deterministic per salt without a dependency.
  let x = (salt * 2654435761 + 12345) >>> 0;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    words[i] = WORDS[x % WORDS.length];
  }
  return `${instruction} ${words.join(' ')}`;
}
