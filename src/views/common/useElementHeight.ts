import { useLayoutEffect, useRef, useState } from 'react';

/** Tracks an element's content height in px (ResizeObserver only; no forced layout). */
export function useElementHeight<T extends HTMLElement>(initial = 400) {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState(initial);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof ResizeObserver === 'undefined') {
      setHeight(Math.floor(el.getBoundingClientRect().height));
      return;
    }
    const ro = new ResizeObserver((entries) => {
      const h = entries[entries.length - 1]?.contentRect.height;
      if (h !== undefined) setHeight(Math.max(0, Math.floor(h)));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return { ref, height };
}
