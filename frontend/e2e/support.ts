/** Shared set-up of the browser end-to-end tests (not a test file itself). */
import { randomBytes } from 'node:crypto';

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
 * (a 401 means anonymous); pass the paths whose failed loads are expected.
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

type Mail = {
  id: string;
  subject?: string;
  text?: string;
  html?: string;
  date?: string;
  to: { address: string }[];
};

/** A fresh address, so every run signs up a new user. */
export const uniqueAddress = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.com`;

/** Polls maildev's REST API for the newest message to `address` and returns its 6-digit code. */
export async function readCode(address: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${MAILDEV_URL}/email`);
    if (response.status !== 200) throw new Error(`maildev answered ${response.status}`);
    const newestFirst = ((await response.json()) as Mail[])
      .filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()))
      .sort((a, b) => Date.parse(b.date ?? '') - Date.parse(a.date ?? ''));
    for (const mail of newestFirst) {
      const code = /\b(\d{6})\b/.exec(`${mail.text ?? ''} ${mail.subject ?? ''} ${mail.html ?? ''}`)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no sign-in code mailed to ${address} within ${timeoutMs} ms`);
}

/** Signs `page` in as a new user through /auth with the code from maildev; ends on /home. */
export async function signInNewUser(page: Page, prefix = 'e2e', timeoutMs = 15_000): Promise<string> {
  const address = uniqueAddress(prefix);
  await page.goto(`${BASE_URL}/auth`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('textbox', { name: 'Email Address' }).fill(address, { timeout: timeoutMs });
  await page.getByRole('button', { name: 'Continue' }).click();
  const codeInput = page.getByRole('textbox', { name: 'Verification Code' });
  await codeInput.waitFor({ timeout: timeoutMs });
  await codeInput.fill(await readCode(address));
  await page.getByRole('button', { name: 'Verify & Continue' }).click();
  await page.waitForURL(`${BASE_URL}/home`, { timeout: timeoutMs });
  // The navigation bar shows the account menu once the session is in place.
  await page.getByRole('button', { name: /account menu/i }).waitFor({ timeout: timeoutMs });
  return address;
}
