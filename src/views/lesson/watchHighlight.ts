import { useEffect } from 'react';
import type { MetricId } from '../../lesson/types';
import './lesson.css';

/** The attribute on <body> that lesson.css reads to outline the readouts to watch. */
export const WATCH_ATTRIBUTE = 'data-lesson-watch';

/**
 * Outlines the readouts with these `data-metric` ids anywhere on the page,
 * without touching the cards: a space-separated list on <body> that the
 * stylesheet matches with `~=`. Cleared on unmount or when `metrics` is null.
 */
export function useWatchHighlight(metrics: readonly MetricId[] | null): void {
  const value = metrics && metrics.length > 0 ? metrics.join(' ') : null;
  useEffect(() => {
    if (value === null) return;
    document.body.setAttribute(WATCH_ATTRIBUTE, value);
    return () => {
      if (document.body.getAttribute(WATCH_ATTRIBUTE) === value) document.body.removeAttribute(WATCH_ATTRIBUTE);
    };
  }, [value]);
}
