/**
 * Running the platform in the browser: an admin finds a member by email on the Users tab and
 * suspends them; the member's open page is refused within a second, and signing in then says why;
 * the admin lifts the suspension and the member signs in again; the Audit log tab shows each step.
 * Run: node --import tsx --test frontend/e2e/admin-accounts.e2e.ts
 *   BASE_URL (http://localhost:8080), MAILDEV_URL (http://127.0.0.1:1080), E2E_ADMIN_EMAIL
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import type { Browser, Page } from 'playwright-core';

import {
  BASE_URL,
  collectErrors,
  launchBrowser,
  mailIds,
  readCode,
  signIn,
  signInAsAdmin,
  signInNewUser,
} from './support';

const ADMIN = process.env.E2E_ADMIN_EMAIL ?? 'admin@kinora.test';
const TIMEOUT_MS = 20_000;
const REASON = 'Spam in reviews (end-to-end suite)';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** The member's row on the admin's Users tab, found by searching their address. */
async function findMember(admin: Page, address: string) {
  const search = admin.getByRole('searchbox', { name: 'Search users' });
  await search.fill(address);
  await search.press('Enter');
  const row = admin.getByRole('list', { name: 'Users' }).getByRole('listitem', { name: address });
  await row.waitFor({ timeout: TIMEOUT_MS });
  return row;
}

test('an admin suspends a member by email: refused within a second, told why at sign-in; reinstated, they sign in again; all on the audit log', async () => {
  const memberContext = await browser.newContext();
  const adminContext = await browser.newContext();
  try {
    const member = await memberContext.newPage();
    const address = await signInNewUser(member, 'e2e-suspended');
    await member.goto(`${BASE_URL}/profile`, { waitUntil: 'domcontentloaded' });
    assert.equal((await member.request.get(`${BASE_URL}/api/auth/user`)).status(), 200);

    const admin = await adminContext.newPage();
    const errors = collectErrors(admin);
    await signInAsAdmin(admin, ADMIN);
    await admin.goto(`${BASE_URL}/admin`, { waitUntil: 'domcontentloaded' });
    await admin.getByRole('tab', { name: 'Users' }).click({ timeout: TIMEOUT_MS });
    await admin.getByText(/Admins are set by the ADMIN_EMAILS setting/).waitFor({ timeout: TIMEOUT_MS });
    const row = await findMember(admin, address);
    await row.getByRole('button', { name: `Suspend ${address}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Suspend ${address}` });
    await dialog.getByRole('textbox', { name: /Reason/ }).fill(REASON);
    const suspended = admin.waitForResponse(
      (response) => response.url().endsWith('/suspension') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Suspend user' }).click();
    assert.equal((await suspended).status(), 200);
    const suspendedAt = Date.now();

    // The member's open page: its next call is refused within a second.
    let status = 200;
    while (status !== 401 && Date.now() - suspendedAt < 5_000) {
      status = (await member.request.get(`${BASE_URL}/api/auth/user`)).status();
    }
    const refusedAfterMs = Date.now() - suspendedAt;
    assert.equal(status, 401);
    assert.ok(refusedAfterMs < 1_000, `refused after ${refusedAfterMs} ms`);
    await row.getByText(`Suspended: ${REASON}`).waitFor({ timeout: TIMEOUT_MS });

    // Signing in again says why.
    await member.goto(`${BASE_URL}/auth`, { waitUntil: 'domcontentloaded' });
    await member.getByRole('textbox', { name: 'Email Address' }).fill(address);
    const earlier = await mailIds(address);
    await member.getByRole('button', { name: 'Continue' }).click();
    const codeInput = member.getByRole('textbox', { name: 'Verification Code' });
    await codeInput.waitFor({ timeout: TIMEOUT_MS });
    await codeInput.fill(await readCode(address, TIMEOUT_MS, earlier));
    await member.getByRole('button', { name: 'Verify & Continue' }).click();
    await member.getByText(`This account is suspended: ${REASON}.`).first().waitFor({ timeout: TIMEOUT_MS });

    // Lifted: the member signs in again.
    await row.getByRole('button', { name: `Unsuspend ${address}` }).click();
    await row.getByRole('button', { name: `Suspend ${address}` }).waitFor({ timeout: TIMEOUT_MS });
    await member.goto(`${BASE_URL}/auth`, { waitUntil: 'domcontentloaded' });
    await signIn(member, address, TIMEOUT_MS);

    // Each step on the audit log (appended a moment later, through Kafka), then on its tab.
    for (const deadline = Date.now() + TIMEOUT_MS; ;) {
      const entries = (await (
        await admin.request.get(`${BASE_URL}/api/admin/audit?targetType=user&limit=100`)
      ).json()) as { action: string; target: { label: string } }[];
      const mine = entries.filter((entry) => entry.target.label === address).map((entry) => entry.action);
      if (mine.includes('user.suspended') && mine.includes('user.unsuspended')) break;
      assert.ok(Date.now() < deadline, `the audit log has only ${mine.join(', ')} for ${address}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await admin.getByRole('tab', { name: 'Audit log' }).click();
    const log = admin.getByRole('list', { name: 'Audit log' });
    for (const action of ['User suspended', 'User unsuspended']) {
      await log
        .getByRole('listitem')
        .filter({ hasText: `${action}: user ${address}` })
        .waitFor({ timeout: TIMEOUT_MS });
    }
    await log
      .getByRole('listitem')
      .filter({ hasText: `reason: ${REASON}` })
      .waitFor({ timeout: TIMEOUT_MS });
    assert.deepEqual(errors, []);
  } finally {
    await memberContext.close();
    await adminContext.close();
  }
});
