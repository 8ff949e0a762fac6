import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Kinora: #root element missing from index.html');

/**
 * Calls `run` once the browser has shown the page's first content (the app shell in index.html),
 * or, where it does not report paints, after a frame. Rendering is paused in a background tab, so
 * there it waits until the tab is shown.
 */
function afterFirstPaint(run: () => void) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    run();
  };
  const observer = PerformanceObserver.supportedEntryTypes?.includes('paint')
    ? new PerformanceObserver((entries) => {
        if (entries.getEntriesByName('first-contentful-paint').length > 0) start();
      })
    : undefined;
  observer?.observe({ type: 'paint', buffered: true });
  // A paint the browser never reports does not hold the app back for more than a second.
  requestAnimationFrame(() => setTimeout(start, observer ? 1000 : 0));
}

// The app shell paints first, then the app's code runs: it downloads meanwhile (index.html
// announces it, scripts/preload-chunks.ts), and evaluating it, the longest task of the load, never
// holds back the first paint. A fast load loses a frame; a slow one shows the top bar while the
// app's code arrives and runs.
afterFirstPaint(() => {
  import('./app/start').then(
    ({ start }) => start(root),
    (error: unknown) => {
      console.error('Kinora: the app failed to load', error);
      root.textContent = 'Kinora could not load. Check your connection and reload the page.';
    },
  );
});
