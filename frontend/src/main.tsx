import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Kinora: #root element missing from index.html');

// The app shell in index.html is painted first (a frame, then the app): a fast load loses a frame,
// a slow one shows the top bar while the app's code runs.
requestAnimationFrame(() =>
  setTimeout(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
