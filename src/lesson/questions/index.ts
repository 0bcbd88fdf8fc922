import type { TryItQuestion } from '../types';
import { q1 } from './q1';
import { q2 } from './q2';
import { q3 } from './q3';
import { q4 } from './q4';
import { q5 } from './q5';

/** The five "Try it yourself" questions, in the lesson's order. */
export const QUESTIONS: readonly TryItQuestion[] = [q1, q2, q3, q4, q5];

/** A question by its number, or undefined. */
export function questionById(id: number): TryItQuestion | undefined {
  return QUESTIONS.find((q) => q.id === id);
}
