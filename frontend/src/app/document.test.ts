// index.html and the files beside it that browsers, crawlers and "install app" read (docs/ui.md,
// "Search engines and installing").
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const frontend = (path: string) => resolve(root, path);
const publicFile = (path: string) => resolve(root, `public${path}`);

/** A PNG's size from its IHDR chunk. */
function pngSize(path: string): [number, number] {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

function parseIndex(): Document {
  return new DOMParser().parseFromString(readFileSync(frontend('index.html'), 'utf8'), 'text/html');
}

describe('index.html', () => {
  it('declares the language, a default title and description, the theme colour, the icons and the manifest', () => {
    const document = parseIndex();
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Kinora');
    const description = document.querySelectorAll<HTMLMetaElement>('meta[name="description"]');
    expect(description).toHaveLength(1);
    expect(description[0]!.content.length).toBeGreaterThan(50);
    expect(description[0]!.content.length).toBeLessThanOrEqual(160);
    const meta = (name: string) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
    expect(meta('theme-color')).toBe('#08080b');
    expect(meta('viewport')).toBe('width=device-width, initial-scale=1.0');
    const links = Object.fromEntries(
      [...document.querySelectorAll('link')].map((link) => [link.rel, link.getAttribute('href')]),
    );
    expect(links).toMatchObject({
      icon: '/favicon.svg',
      'apple-touch-icon': '/apple-touch-icon.png',
      manifest: '/manifest.webmanifest',
    });
    expect(pngSize(publicFile('/apple-touch-icon.png'))).toEqual([180, 180]);
  });
});

describe('manifest.webmanifest', () => {
  const manifest = JSON.parse(readFileSync(publicFile('/manifest.webmanifest'), 'utf8')) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    background_color: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };

  it('names the app, starts it on /home standalone, in the design colours', () => {
    expect(manifest).toMatchObject({
      name: 'Kinora',
      short_name: 'Kinora',
      start_url: '/home',
      display: 'standalone',
      // --color-background in src/index.css
      background_color: '#08080b',
      theme_color: '#08080b',
    });
    expect(readFileSync(frontend('src/index.css'), 'utf8')).toContain('--color-background: #08080b;');
  });

  it('lists the SVG icon and PNG icons of 192 and 512 px (one maskable) that exist at those sizes', () => {
    expect(manifest.icons.map(({ src, sizes, purpose }) => [src, sizes, purpose])).toEqual([
      ['/favicon.svg', 'any', 'any'],
      ['/icons/icon-192.png', '192x192', 'any'],
      ['/icons/icon-512.png', '512x512', 'any'],
      ['/icons/maskable-512.png', '512x512', 'maskable'],
    ]);
    for (const icon of manifest.icons) {
      expect(existsSync(publicFile(icon.src))).toBe(true);
      if (icon.type === 'image/png') {
        const [width, height] = icon.sizes.split('x').map(Number);
        expect(pngSize(publicFile(icon.src))).toEqual([width, height]);
      }
    }
  });
});

describe('robots.txt', () => {
  it('lets every crawler in, except the API', () => {
    expect(readFileSync(publicFile('/robots.txt'), 'utf8')).toBe(
      'User-agent: *\nAllow: /\nDisallow: /api/\n',
    );
  });
});
