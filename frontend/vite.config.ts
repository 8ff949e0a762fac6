import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

import { bundleBudget } from './scripts/bundle-budget';
import { preloadChunksPlugin } from './scripts/preload-chunks';

const gateway = 'http://localhost:8080';

export default defineConfig({
  // The build fails when the JavaScript a page loads up front passes 200 KB gzipped. index.html
  // announces the app's chunk and the chunks nearly every screen imports (below), so they download
  // beside the page's own small entry.
  plugins: [react(), tailwindcss(), bundleBudget(), preloadChunksPlugin(['screens', 'icons'])],
  resolve: {
    alias: {
      '@': new URL('./src', import.meta.url).pathname,
      // The shared product rules, compiled from source (no build step for the SPA's dev server).
      '@kinora/contracts': new URL('../contracts/src/index.ts', import.meta.url).pathname,
    },
  },
  server: {
    proxy: {
      '/api': { target: gateway },
      '/media': { target: gateway },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Two entries: index.html's (src/main.tsx) only waits for the app shell's first paint and then
      // imports the app's (src/app/start.tsx), so evaluating the app's code never holds back that paint.
      input: { index: 'index.html', start: 'src/app/start.tsx' },
      output: {
        // A few chunks rather than dozens of tiny ones (one per icon, per API hook): over HTTP/1.1 a
        // browser fetches 6 at a time, so each further round of requests delays the screen.
        codeSplitting: {
          groups: [
            // What the app runs before its first render: one chunk. Not what index.html's entry runs
            // before it imports the app (the entry, its stylesheet and Vite's modulepreload polyfill;
            // Vite's preload helper has the group below).
            {
              name: 'app',
              tags: ['$initial'],
              test: (id) =>
                !/[\\/](index\.html|main\.tsx|index\.css)$|vite[\\/]modulepreload-polyfill/.test(id),
              priority: 3,
            },
            // Vite's helper both entries use, on its own: in the app's chunk, the page's entry would
            // have to load and run the whole app to reach it.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 4 },
            // The icons the screens use beyond the app's own.
            { name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/, priority: 2 },
            // Small modules two or more screens share (UI components, hooks, the features' API calls).
            {
              name: 'screens',
              test: (id) =>
                /[\\/]frontend[\\/]src[\\/](components[\\/](film|layout|ui)|hooks|lib|config|features[\\/][^\\/]+[\\/]api)[\\/]/.test(
                  id,
                ) && !/use-tus-upload/.test(id),
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    exclude: ['e2e/**', 'dist/**', 'node_modules/**'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    css: false,
    // The form tests type through whole dialogs with user-event (about 2 s each alone); under
    // coverage on CI's two cores beside other workers that passed vitest's 5 s default.
    testTimeout: 20_000,
    // `npm test` prints the line coverage of the app's sources (make test shows it per workspace).
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}'],
      exclude: ['src/**/*.test.{ts,tsx}', 'src/testing/**', 'src/**/*.d.ts'],
      reporter: ['text-summary'],
    },
  },
});
