/**
 * Browser end-to-end check of the SPA shell through the gateway (or `vite preview`).
 * Run: node --import tsx --test frontend/e2e/*.e2e.ts   (BASE_URL defaults to http://localhost:8080)
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import type { Browser } from 'playwright-core';

import { BASE_URL, collectErrors, launchBrowser } from './support';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

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
  test('an app screen renders the navigation bar with Sign In and no console errors', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      const errors = collectErrors(page);
      const response = await page.goto(`${BASE_URL}/browse`, { waitUntil: 'domcontentloaded' });
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

export const landingTest = test('the landing page has its own top bar, not the navigation bar', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const errors = collectErrors(page);
    const response = await page.goto(`${BASE_URL}/`, { waitUntil: 'domcontentloaded' });
    assert.equal(response?.status(), 200);

    await page.getByRole('heading', { level: 1, name: /First-Class/ }).waitFor({ timeout: 15_000 });
    assert.equal(
      await page.getByRole('link', { name: 'Get Started', exact: true }).getAttribute('href'),
      '/auth',
    );
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
