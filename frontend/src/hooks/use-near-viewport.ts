import { useEffect, useRef, useState } from 'react';

/** How far below the fold (or above it) an element counts as near: about one screen on a phone. */
const NEAR_MARGIN = '600px 0px';

/**
 * Whether the element the returned ref is attached to has come near the viewport; once it has, it
 * stays true. Rows far down a page wait with their data and their cards until the reader scrolls
 * towards them. Without IntersectionObserver everything is near.
 */
export function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}
