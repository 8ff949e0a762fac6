/**
 * Browser end-to-end check of the SPA shell through the gateway (or `vite preview`).
 * Run: node --import tsx --test frontend/e2e/*.e2e.ts   (BASE_URL defaults to http://localhost:8080)
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';

const BASE_URL = (process.env.BASE_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let browser: Browser;

before(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
  });
});

after(async () => {
  await browser?.close();
});

/**
 * Console errors and uncaught exceptions of a page. The browser itself logs "Failed to load resource"
 * for the anonymous 401 of GET /api/auth/user (SPEC §7: a 401 means anonymous), so that one is expected.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const expectedAnonymous =
      message.text().startsWith('Failed to load resource') &&
      message.location().url.endsWith('/api/auth/user');
    if (!expectedAnonymous) errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

export const notFoundTest = test('an unknown path renders the SPA 404 page with HTTP 200', async () => {
  const page = await browser.newPage();
  try {
    const errors = collectErrors(page);
    const response = await page.goto(`${BASE_URL}/no/such/page`, { waitUntil: 'domcontentloaded' });

    assert.ok(response, 'no response for /no/such/page');
    assert.equal(response.status(), 200, 'the gateway serves index.html for client-side routes');
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor({ timeout: 15_000 });
    assert.equal(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href'), '/');
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

export const navbarTest =
  test('the landing page renders the navigation bar with Sign In and no console errors', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      const errors = collectErrors(page);
      const response = await page.goto(`${BASE_URL}/`, { waitUntil: 'domcontentloaded' });
      assert.equal(response?.status(), 200);

      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.waitFor({ timeout: 15_000 });
      await nav.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 15_000 });
      assert.ok(await page.getByRole('searchbox', { name: 'Search films' }).isVisible());
      await page.waitForLoadState('networkidle');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
