/**
 * Takes the student to what they should look at after a set-up: the lab's
 * first screen scrolled into view and focused (a screen reader reads its
 * name; Tab continues from there). The dock keeps the step's controls at hand.
 */
export function focusLab(): void {
  const lab = document.getElementById('lab');
  if (!lab) return;
  lab.focus({ preventScroll: true });
  scrollBelowNav(lab, true);
}

/**
 * Focuses `el` and brings `top` (by default `el` itself; a card's title when
 * focus goes to a button inside it) into view just below the sticky section
 * nav; `smooth` false jumps (a page opening at a question).
 */
export function focusAndShow(el: HTMLElement | null, smooth = true, top: HTMLElement | null = el): void {
  if (!el) return;
  el.focus({ preventScroll: true });
  scrollBelowNav(top ?? el, smooth);
}

/** Gap kept between the sticky nav and what is scrolled to, px. */
const GAP_PX = 8;

/**
 * The height the sticky section nav covers at the top of the viewport once
 * the page is scrolled past it, px (0 when there is none, or it is not stuck
 * to the top). Read from the page, so it follows the nav's own layout.
 */
export function stickyTopPx(): number {
  const nav = document.querySelector<HTMLElement>('[data-testid="section-nav"]');
  if (!nav) return 0;
  const style = window.getComputedStyle(nav);
  if ((style.position !== 'sticky' && style.position !== 'fixed') || !(parseFloat(style.top) < 1)) return 0;
  return nav.getBoundingClientRect().height;
}

/** How many times a scroll is corrected after it ends, at most (a busy machine draws the sections above in several goes). */
const CORRECTIONS = 8;

/** Stops the corrections of the last `scrollBelowNav`, so a newer one does not fight it. */
let stopLast: (() => void) | null = null;

/**
 * Scrolls so that the top of `el` sits just below the sticky nav
 * (scrollIntoView would leave it under the nav). Sections drawn lazily
 * (`content-visibility: auto`) change height as a smooth scroll passes them,
 * and a section above may finish drawing after the scroll has ended, so the
 * place aimed at moves: once the scroll ends, the page's size is watched and
 * the scroll corrected when `el` has drifted, a few times at most, until the
 * reader takes over (wheel, touch, a key) or another scroll of this kind starts.
 */
export function scrollBelowNav(el: HTMLElement, smooth: boolean): void {
  stopLast?.();
  const targetY = () => Math.max(0, window.scrollY + el.getBoundingClientRect().top - stickyTopPx() - GAP_PX);
  const behavior: ScrollBehavior = smooth && !prefersReducedMotion() ? 'smooth' : 'auto';
  const y0 = targetY();
  window.scrollTo({ top: y0, behavior });
  if (!('onscrollend' in window)) return;
  let left = CORRECTIONS;
  // Already in place: no scroll, so no scrollend, but a section above that draws later still moves `el`.
  let ended = Math.abs(y0 - window.scrollY) < 2;
  const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => ended && correct());
  const stop = () => {
    window.removeEventListener('scrollend', onEnd);
    for (const ev of events) window.removeEventListener(ev, stop, true);
    resized?.disconnect();
    if (stopLast === stop) stopLast = null;
  };
  function correct() {
    const y = targetY();
    if (Math.abs(y - window.scrollY) < 2) return;
    if (left-- <= 0) return stop();
    window.scrollTo({ top: y, behavior: 'auto' });
  }
  function onEnd() {
    ended = true;
    correct();
  }
  window.addEventListener('scrollend', onEnd);
  for (const ev of events) window.addEventListener(ev, stop, true);
  resized?.observe(document.body);
  stopLast = stop;
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
