import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

import { resetToasts } from '@/hooks/use-toast';

// jsdom does not implement scrolling; react-router's ScrollRestoration calls it on navigation.
Object.defineProperty(window, 'scrollTo', { value: vi.fn(), writable: true });

afterEach(() => {
  cleanup();
  resetToasts();
});
