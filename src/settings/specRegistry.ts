/**
 * Where the settings find speculative decoding's methods (`speculative.ts`):
 * that module registers itself when imported. The CLI, the workers and the
 * tests import it up front; the page loads it only when a setting asks for
 * a method other than `custom`, so its first JavaScript stays small.
 */
import type { Settings } from './schema';
import type { hardwareWithDraft, speculativeOf } from './speculative';

/** The methods' entry points. */
export interface SpecMethodsImpl {
  speculativeOf: typeof speculativeOf;
  hardwareWithDraft: typeof hardwareWithDraft;
}

let impl: SpecMethodsImpl | null = null;

/** Called by `speculative.ts` when it loads. */
export function registerSpecMethods(i: SpecMethodsImpl): void {
  impl = i;
}

/** The methods, or null until their module has loaded. */
export function specMethods(): SpecMethodsImpl | null {
  return impl;
}

/** The settings ask for a method other than the three-number custom form (or a tree, which only EAGLE has). */
export const needsSpecMethods = (s: Pick<Settings, 'specTokens' | 'specMethod' | 'specTreeWidth'>): boolean => s.specTokens > 0 && (s.specMethod !== 'custom' || s.specTreeWidth !== null);
