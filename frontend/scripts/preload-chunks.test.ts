import { describe, expect, it } from 'vitest';

import { preloadChunks } from './preload-chunks';

const html = '<head>\n    <script type="module" crossorigin src="/assets/index-a.js"></script>\n  </head>';
const bundle = {
  'assets/index-a.js': { type: 'chunk', name: 'index' },
  'assets/screens-b.js': { type: 'chunk', name: 'screens' },
  'assets/icons-c.js': { type: 'chunk', name: 'icons' },
  'assets/home-d.js': { type: 'chunk', name: 'home' },
  'assets/index-e.css': { type: 'asset' },
} as const;

describe('preloading the shared chunks', () => {
  it('announces the named chunks, at low priority, at the end of the head', () => {
    expect(preloadChunks(html, bundle, ['screens', 'icons'])).toBe(
      '<head>\n    <script type="module" crossorigin src="/assets/index-a.js"></script>\n' +
        '    <link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/screens-b.js">\n' +
        '    <link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/icons-c.js">\n' +
        '  </head>',
    );
  });

  it('leaves the page as it is when no chunk has those names', () => {
    expect(preloadChunks(html, bundle, ['charts'])).toBe(html);
  });
});
