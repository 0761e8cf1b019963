import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following changes (a rotated tablet, a resized window).
 * Without matchMedia (a test's document) it never matches.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
  );
}
