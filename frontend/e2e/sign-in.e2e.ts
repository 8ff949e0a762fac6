/**
 * Accounts in the browser, through the gateway: passwordless sign-in with the code read from
 * maildev, the avatar menu, Sign Out (and the old session cookie no longer working), and the
 * waitlist form on /waitlist.
 * Run: node --import tsx --test frontend/e2e/sign-in.e2e.ts
 *   BASE_URL (http://localhost:8080), MAILDEV_URL (http://127.0.0.1:1080)
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import type { Browser } from 'playwright-core';

import { BASE_URL, collectErrors, launchBrowser, readCode, uniqueAddress } from './support';

const SESSION_COOKIE = 'kinora_session';
const TIMEOUT_MS = 15_000;

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const currentUserStatus = async (sessionId: string) =>
  (await fetch(`${BASE_URL}/api/auth/user`, { headers: { Cookie: `${SESSION_COOKIE}=${sessionId}` } }))
    .status;

export const signInTest =
  test('sign in with a mailed code, see the plan, sign out and revoke the session', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      const errors = collectErrors(page);
      const address = uniqueAddress('e2e');

      await page.goto(`${BASE_URL}/auth`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('textbox', { name: 'Email Address' }).fill(address, { timeout: TIMEOUT_MS });
      await page.getByRole('button', { name: 'Continue' }).click();

      // The code step shows at once, with the address the code went to.
      const codeInput = page.getByRole('textbox', { name: 'Verification Code' });
      await codeInput.waitFor({ timeout: TIMEOUT_MS });
      await page.getByText(address).waitFor({ timeout: TIMEOUT_MS });
      await page
        .getByText('Verification code sent', { exact: true })
        .first()
        .waitFor({ timeout: TIMEOUT_MS });

      const code = await readCode(address);
      await codeInput.fill(code);
      await page.getByRole('button', { name: 'Verify & Continue' }).click();

      await page.waitForURL(`${BASE_URL}/home`, { timeout: TIMEOUT_MS });
      await page
        .getByText('Welcome to the product', { exact: true })
        .first()
        .waitFor({ timeout: TIMEOUT_MS });

      const session = (await context.cookies(BASE_URL)).find((cookie) => cookie.name === SESSION_COOKIE);
      assert.ok(session, `no ${SESSION_COOKIE} cookie after signing in`);
      assert.equal(session.httpOnly, true, 'the session cookie is HttpOnly');
      assert.equal(await currentUserStatus(session.value), 200, 'the new session authenticates');

      // A new member is on the free plan.
      await page.getByRole('button', { name: /account menu/i }).click();
      const menu = page.getByRole('menu', { name: 'Account' });
      await menu.getByText('Free Member', { exact: true }).waitFor({ timeout: TIMEOUT_MS });

      await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
      await page.getByText('Logged out', { exact: true }).first().waitFor({ timeout: TIMEOUT_MS });
      await page
        .getByText('You have been successfully logged out', { exact: true })
        .first()
        .waitFor({ timeout: TIMEOUT_MS });
      await page.waitForURL(`${BASE_URL}/`, { timeout: TIMEOUT_MS });

      // The page is signed out, and the old session id no longer authenticates anyone.
      await page.getByRole('link', { name: 'Get Started', exact: true }).waitFor({ timeout: TIMEOUT_MS });
      assert.equal((await context.request.get(`${BASE_URL}/api/auth/user`)).status(), 401);
      assert.equal(await currentUserStatus(session.value), 401, 'the revoked session still authenticates');

      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.getByRole('link', { name: 'Get Started', exact: true }).waitFor({ timeout: TIMEOUT_MS });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

export const waitlistTest = test('join the waitlist once; a second time is recognised', async () => {
  const address = uniqueAddress('e2e-waitlist');

  const join = async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = collectErrors(page, ['/api/waitlist']);
    await page.goto(`${BASE_URL}/waitlist`, { waitUntil: 'domcontentloaded' });
    const form = page.getByRole('form', { name: 'Join the waitlist' });
    await form.getByRole('textbox', { name: 'Email address' }).fill(address, { timeout: TIMEOUT_MS });
    await form.getByRole('button', { name: 'Join the Waitlist' }).click();
    return { context, page, errors };
  };

  const first = await join();
  try {
    await first.page.getByText("Thanks! You're on the waitlist.").waitFor({ timeout: TIMEOUT_MS });
    assert.equal(await first.page.getByRole('form', { name: 'Join the waitlist' }).count(), 0);
    assert.deepEqual(first.errors, []);
  } finally {
    await first.context.close();
  }

  const second = await join();
  try {
    const alert = second.page.getByRole('form', { name: 'Join the waitlist' }).getByRole('alert');
    await alert.waitFor({ timeout: TIMEOUT_MS });
    assert.equal((await alert.textContent())?.trim(), "You're already on our waitlist!");
    assert.equal(await second.page.getByText("Thanks! You're on the waitlist.").count(), 0);
    assert.deepEqual(second.errors, []);
  } finally {
    await second.context.close();
  }
});
