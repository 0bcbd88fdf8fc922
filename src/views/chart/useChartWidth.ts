import { useEffect, useRef, useState } from 'react';

/** Width used before a container has been measured (and in static renders). */
export const DEFAULT_CHART_WIDTH_PX = 720;
/** Narrowest layout the charts support. */
export const MIN_CHART_WIDTH_PX = 320;

/**
 * The width a chart lays out for: `explicit` when the parent passes one,
 * otherwise the measured width of the element behind the returned ref
 * (ResizeObserver), so a chart fills its column without the parent measuring.
 */
export function useChartWidth<T extends HTMLElement>(explicit: number | undefined) {
  const ref = useRef<T | null>(null);
  const [measured, setMeasured] = useState<number | null>(null);
  useEffect(() => {
    if (explicit !== undefined) return;
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width ?? 0;
      if (w > 0) setMeasured(Math.round(w));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [explicit]);
  const raw = explicit ?? measured ?? DEFAULT_CHART_WIDTH_PX;
  const width = Math.max(MIN_CHART_WIDTH_PX, Number.isFinite(raw) ? raw : DEFAULT_CHART_WIDTH_PX);
  return { ref, width };
}
