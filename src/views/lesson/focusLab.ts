/**
 * Takes the student to what they should look at after a set-up: the lab's
 * first screen scrolled into view and focused (a screen reader reads its
 * name; Tab continues from there). The dock keeps the step's controls at hand.
 */
export function focusLab(): void {
  const lab = document.getElementById('lab');
  if (!lab) return;
  lab.focus({ preventScroll: true });
  lab.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}

/** Focuses `el` and brings it into view (for an explanation or a question); `smooth` false jumps (a page opening at a question). */
export function focusAndShow(el: HTMLElement | null, smooth = true): void {
  if (!el) return;
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: 'start', behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'auto' });
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
