import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app';
import { preloadScreen } from './app/router';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Kinora: #root element missing from index.html');

// The screen being opened (and what it prefetches) downloads while the app renders its first frame;
// in a task of its own, right after this one.
setTimeout(() => preloadScreen(window.location.pathname));

// The app shell in index.html is painted first (a frame, then the app): a fast load loses a frame,
// a slow one shows the top bar while the app's code runs. The first render is a transition, so
// React renders in short slices and the page stays responsive to input while it does.
requestAnimationFrame(() =>
  setTimeout(() =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  ),
);
