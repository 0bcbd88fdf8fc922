import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Tracks an element's content width in px, starting from `initial`. Uses a
 * ResizeObserver only, so measuring never forces a synchronous layout.
 */
export function useElementWidth<T extends HTMLElement>(initial = 640) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(initial);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof ResizeObserver === 'undefined') {
      setWidth(Math.floor(el.getBoundingClientRect().width));
      return;
    }
    const ro = new ResizeObserver((entries) => {
      const w = entries[entries.length - 1]?.contentRect.width;
      if (w !== undefined) setWidth(Math.max(0, Math.floor(w)));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return { ref, width };
}
