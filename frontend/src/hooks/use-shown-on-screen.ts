import { useEffect, useRef } from 'react';

/** How much of the element must be on screen to count as seen: half of a row, not a glimpse of its edge. */
const SHOWN_THRESHOLD = 0.5;

/**
 * Calls `onShown` once, the first time the element the returned ref is attached to is at least
 * half on screen while `enabled` (e.g. once it holds a film card). Unlike {@link useNearViewport}
 * there is no margin: this is for "the reader saw it" (recommendation impressions), not for
 * loading ahead. Without IntersectionObserver nothing is ever reported.
 */
export function useShownOnScreen<T extends Element>(enabled: boolean, onShown: () => void) {
  const ref = useRef<T>(null);
  const latest = useRef(onShown);
  const shown = useRef(false);
  useEffect(() => {
    latest.current = onShown;
  });
  useEffect(() => {
    const element = ref.current;
    if (!enabled || shown.current || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        // The first report comes at once, whatever the ratio, and a crossing may report a hair
        // under the threshold: both are judged by the ratio itself.
        const seen = entries.some(
          (entry) => entry.isIntersecting && entry.intersectionRatio >= SHOWN_THRESHOLD - 0.01,
        );
        if (shown.current || !seen) return;
        shown.current = true;
        observer.disconnect();
        latest.current();
      },
      { threshold: SHOWN_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}
