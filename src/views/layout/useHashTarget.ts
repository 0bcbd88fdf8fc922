import { useEffect } from 'react';

/** How long the page keeps an anchor in place while the sections below the lab settle, ms. */
const SETTLE_MS = 4000;

let done = false;

/**
 * Scrolls to the element the link's `#anchor` names once it exists, and
 * keeps it there while the page settles. Needed because the sections below
 * the lab arrive in a chunk of their own (after the browser has given up
 * looking for the anchor), and sections above the target change height as
 * they fill in (the curve's sweep, a lazily drawn chart). It lets go at the
 * first sign of the reader scrolling or pressing a key. Runs once per page.
 */
export function useHashTarget(ready: boolean): void {
  useEffect(() => {
    if (!ready || done || typeof window === 'undefined') return;
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    const el = document.getElementById(id);
    // A target in the settings drawer (a phone's `#settings`) is the drawer's to show (useDrawerLinks).
    if (!el || el.closest('dialog')) return;
    done = true;
    const place = () => el.scrollIntoView({ block: 'start' });
    requestAnimationFrame(place);
    let active = true;
    const stop = () => {
      active = false;
      ro?.disconnect();
      for (const ev of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.removeEventListener(ev, stop, true);
    };
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => active && requestAnimationFrame(place));
    ro?.observe(document.body);
    for (const ev of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.addEventListener(ev, stop, true);
    const timer = window.setTimeout(stop, SETTLE_MS);
    return () => {
      window.clearTimeout(timer);
      stop();
    };
  }, [ready]);
}
