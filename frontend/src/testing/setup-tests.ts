import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

import { resetToasts } from '@/hooks/use-toast';

// The first test of a file renders a lazily loaded route: on a busy 2-core machine that import
// alone can take longer than findBy's default 1 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; react-router's ScrollRestoration calls it on navigation.
Object.defineProperty(window, 'scrollTo', { value: vi.fn(), writable: true });

afterEach(() => {
  cleanup();
  resetToasts();
});
