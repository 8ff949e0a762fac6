import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

import { resetToasts } from '@/hooks/use-toast';

// The first test of a file renders a lazily loaded route: on a busy 2-core machine that import
// alone can take longer than findBy's default 1 s.
configure({ asyncUtilTimeout: 5000 });

// No test reaches the network. Tests stub fetch (mockFetch); this is what is left once they unstub
// it, e.g. for the player's last viewing-session report, sent when the screen is unmounted after
// the test.
const offline = (input: RequestInfo | URL): Promise<Response> =>
  Promise.reject(
    new TypeError(`No network in tests: ${input instanceof Request ? input.url : String(input)}`),
  );
globalThis.fetch = offline as typeof fetch;

// jsdom does not implement scrolling; react-router's ScrollRestoration calls it on navigation.
Object.defineProperty(window, 'scrollTo', { value: vi.fn(), writable: true });

// jsdom has no ResizeObserver; Radix's menus measure their trigger with one to place the menu.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

afterEach(() => {
  cleanup();
  resetToasts();
});
