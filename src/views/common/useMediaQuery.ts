import { useSyncExternalStore } from 'react';

/**
 * Where the page changes its arrangement (Tailwind's own breakpoints, so CSS
 * classes and these hooks agree): below `sm` the stage is drawn for a phone's
 * first screen; below `lg` there is no settings column and the settings open
 * in a drawer.
 */
export const PHONE_QUERY = '(max-width: 39.99rem)';
export const WIDE_QUERY = '(min-width: 64rem)';

function matches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** True while the media query matches; re-renders when it changes (a rotated phone, a resized window). */
export function useMediaQuery(query: string, whenUnknown = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
      const mq = window.matchMedia(query);
      mq.addEventListener('change', onChange);
      return () => mq.removeEventListener('change', onChange);
    },
    () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? matches(query) : whenUnknown),
    () => whenUnknown,
  );
}

/** A phone-sized window (narrower than 40rem). */
export const usePhone = () => useMediaQuery(PHONE_QUERY);

/** Wide enough for the settings column beside the lab (64rem and up); without matchMedia, assumed wide. */
export const useWide = () => useMediaQuery(WIDE_QUERY, true);
