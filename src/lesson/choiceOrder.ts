/**
 * The order in which a question shows its choices: a shuffle seeded by the
 * question's number, so it is the same on every visit (a student who comes
 * back finds their answer where they left it) and differs between questions
 * (the right answer is not always in the same place). `choices[i]` is shown
 * at position `order.indexOf(i)`. The salt is fixed once: with it no
 * question shows its choices in the order they are written, and no two
 * questions share an order.
 */
const SALT = 32;

export function choiceOrder(questionId: number, count: number): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  // mulberry32, seeded by the question number.
  let a = ((questionId + SALT) * 0x9e3779b1) >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}
