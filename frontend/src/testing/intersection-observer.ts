import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * An IntersectionObserver the test moves: `show(ratio)` reports every observed element as that
 * much on screen (1 by default). Undo with `vi.unstubAllGlobals()`.
 */
export function stubIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: { callback: IntersectionObserverCallback; elements: Element[] };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, elements: [] };
        observers.push(this.entry);
      }
      observe(element: Element) {
        this.entry.elements.push(element);
      }
      disconnect() {
        this.entry.elements = [];
      }
    },
  );
  return {
    /** How many elements are being watched now. */
    observed: () => observers.reduce((count, { elements }) => count + elements.length, 0),
    show: (ratio = 1) =>
      act(() => {
        for (const { callback, elements } of observers) {
          const entries = elements.map(
            (target) =>
              ({ target, isIntersecting: ratio > 0, intersectionRatio: ratio }) as IntersectionObserverEntry,
          );
          if (entries.length) callback(entries, {} as IntersectionObserver);
        }
      }),
  };
}
