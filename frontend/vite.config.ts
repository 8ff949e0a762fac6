import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

import { bundleBudget } from './scripts/bundle-budget';

const gateway = 'http://localhost:8080';

export default defineConfig({
  // The build fails when the JavaScript a page loads up front passes 200 KB gzipped.
  plugins: [react(), tailwindcss(), bundleBudget()],
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
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    exclude: ['e2e/**', 'dist/**', 'node_modules/**'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    css: false,
    // `npm test` prints the line coverage of the app's sources (make test shows it per workspace).
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}'],
      exclude: ['src/**/*.test.{ts,tsx}', 'src/testing/**', 'src/**/*.d.ts'],
      reporter: ['text-summary'],
    },
  },
});
