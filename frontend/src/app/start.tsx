import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { getUserQueryOptions } from '@/features/auth/api/get-user';
import { queryClient } from '@/lib/query-client';

import { App } from '.';
import { createAppRouter, preloadScreen, type AppRouter } from './router';

/**
 * The longest the first render waits for the opened screen's code and data and for the session
 * (the gateway announces the landing pages' calls with their HTML, so they are usually in already).
 */
export const FIRST_RENDER_WAIT_MS = 500;

function render(root: HTMLElement, router: AppRouter) {
  // A transition: React renders in short slices and the page stays responsive while it does.
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
}

/**
 * Starts the app in `root` (main.tsx calls this once the app shell has painted), in short tasks
 * rather than one long one, so the page answers input between them: the module's evaluation, then
 * the router, which asks for the screen being opened, its data and the session, then the first
 * render. That render waits for those (at most FIRST_RENDER_WAIT_MS), so it draws the screen whole,
 * as the reader is signed in or not: a screen drawn first without them is drawn a second time, in
 * one long task, when they arrive.
 */
export function start(root: HTMLElement) {
  setTimeout(() => {
    const router = createAppRouter();
    const ready = Promise.all([preloadScreen(router), queryClient.prefetchQuery(getUserQueryOptions())]);
    const waited = new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
    void Promise.race([ready, waited]).then(() => setTimeout(() => render(root, router)));
  });
}
