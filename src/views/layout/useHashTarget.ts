import { useEffect } from 'react';

/**
 * Scrolls to the element the link's `#anchor` names once it exists. Needed
 * because the sections below the lab arrive in a chunk of their own, after
 * the browser has given up looking for the anchor. Runs once per page.
 */
let done = false;

export function useHashTarget(ready: boolean): void {
  useEffect(() => {
    if (!ready || done || typeof window === 'undefined') return;
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    const el = document.getElementById(id);
    if (!el) return;
    done = true;
    // After the frame that laid the chunk out.
    requestAnimationFrame(() => el.scrollIntoView({ block: 'start' }));
  }, [ready]);
}
