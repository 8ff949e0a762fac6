import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '.';
import { createAppRouter, preloadScreen } from './router';

/**
 * Starts the app in `root` (main.tsx calls this once the app shell has painted), in three short
 * tasks rather than one long one, so the page answers input between them: the module's own
 * evaluation, then the router (which starts loading the screen being opened and what it
 * prefetches), then the first render.
 */
export function start(root: HTMLElement) {
  setTimeout(() => {
    const router = createAppRouter();
    preloadScreen(router);
    // A transition: React renders in short slices and the page stays responsive while it does.
    setTimeout(() =>
      startTransition(() =>
        createRoot(root).render(
          <StrictMode>
            <App router={router} />
          </StrictMode>,
        ),
      ),
    );
  });
}
