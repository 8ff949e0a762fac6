/** Shared set-up of the browser end-to-end tests (not a test file itself). */
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';

export const BASE_URL = (process.env.BASE_URL ?? 'http://localhost:8080').replace(/\/$/, '');
export const MAILDEV_URL = (process.env.MAILDEV_URL ?? 'http://127.0.0.1:1080').replace(/\/$/, '');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
  });

/**
 * Console errors and uncaught exceptions of a page. The browser itself logs "Failed to load resource"
 * for error responses the app expects and handles, such as the anonymous 401 of GET /api/auth/user
 * (SPEC §7: a 401 means anonymous); pass the paths whose failed loads are expected.
 */
export function collectErrors(page: Page, expectedFailures: string[] = ['/api/auth/user']): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const url = message.location().url;
    const expected =
      message.text().startsWith('Failed to load resource') &&
      expectedFailures.some((path) => new URL(url, BASE_URL).pathname === path);
    if (!expected) errors.push(`console: ${message.text()} (${url})`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}
