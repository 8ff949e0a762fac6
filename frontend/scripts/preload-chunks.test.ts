import { describe, expect, it } from 'vitest';

import { preloadChunks } from './preload-chunks';

const html =
  '<head>\n    <script type="module" crossorigin src="/assets/index-a.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/helper-f.js">\n  </head>';
const chunk = (name: string, isEntry = false, imports: string[] = []) =>
  ({ type: 'chunk', name, isEntry, imports, code: '' }) as const;
const bundle = {
  'assets/index-a.js': chunk('index', true, ['assets/helper-f.js']),
  'assets/helper-f.js': chunk('preload-helper'),
  'assets/start-g.js': chunk('start', true, ['assets/helper-f.js', 'assets/vendor-h.js']),
  'assets/vendor-h.js': chunk('vendor'),
  'assets/screens-b.js': chunk('screens', false, ['assets/vendor-h.js']),
  'assets/icons-c.js': chunk('icons'),
  'assets/home-d.js': chunk('home', false, ['assets/screens-b.js']),
  'assets/index-e.css': { type: 'asset' },
} as const;

const link = (file: string) =>
  `    <link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">\n`;

describe('preloading the chunks a page needs soon', () => {
  it("announces the app's entry and its imports, then the named chunks, at low priority, once each", () => {
    expect(preloadChunks(html, bundle, ['screens', 'icons', 'vendor'])).toBe(
      '<head>\n    <script type="module" crossorigin src="/assets/index-a.js"></script>\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/helper-f.js">\n' +
        link('assets/start-g.js') +
        link('assets/vendor-h.js') +
        link('assets/screens-b.js') +
        link('assets/icons-c.js') +
        '  </head>',
    );
  });

  it('announces nothing the page already links, nor a lazily loaded screen', () => {
    const linked = bundle['assets/start-g.js'].imports.map((file) => `<link href="/${file}">`).join('');
    const page = html.replace('</head>', `${linked}<script src="/assets/start-g.js"></script></head>`);
    expect(preloadChunks(page, bundle, ['charts'])).toBe(page);
  });
});
