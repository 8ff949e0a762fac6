/**
 * Add New Film in the browser: an admin opens it from the Content tab, picks a creator, uploads a
 * clip made by ffmpeg here through the same resumable upload and studio form, and approves it from
 * the review queue; the film plays, and the creator finds it on their dashboard.
 * Run: node --import tsx --test frontend/e2e/admin-film.e2e.ts
 *   BASE_URL (http://localhost:8080), MAILDEV_URL (http://127.0.0.1:1080), E2E_ADMIN_EMAIL
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import type { Browser } from 'playwright-core';

import { fillDetails, makeClip, submitForReview, TIMEOUT_MS, waitForReview } from './studio-support';
import {
  BASE_URL,
  becomeCreator,
  collectErrors,
  launchBrowser,
  signInAsAdmin,
  signInNewUser,
} from './support';

const ADMIN = process.env.E2E_ADMIN_EMAIL ?? 'admin@kinora.test';

let browser: Browser;
let dir: string;

before(async () => {
  browser = await launchBrowser();
  dir = mkdtempSync(join(tmpdir(), 'kinora-e2e-admin-film-'));
});

after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('an admin adds a film for a creator: reviewed, it plays, and the creator sees it on their dashboard', async () => {
  const creator = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const creatorPage = await creator.newPage();
    const address = await signInNewUser(creatorPage, 'e2e-for-creator');
    await becomeCreator(creator);

    const page = await admin.newPage();
    const errors = collectErrors(page);
    await signInAsAdmin(page, ADMIN);
    await page.goto(`${BASE_URL}/admin`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('tab', { name: 'Content' }).click({ timeout: TIMEOUT_MS });
    await page.getByRole('link', { name: /Add New Film/ }).click();
    await page.waitForURL(/\/upload\?forCreator=1$/, { timeout: TIMEOUT_MS });

    await page.getByRole('searchbox', { name: 'Search creators' }).fill(address);
    const choice = page.getByRole('combobox', { name: 'Add the film for' });
    await choice.locator('option', { hasText: address }).waitFor({ state: 'attached', timeout: TIMEOUT_MS });
    await choice.selectOption({ label: address });
    await page.getByLabel('Choose a video file').setInputFiles(makeClip(dir, 'for-creator.mp4', 3, '1M'));
    const title = `For A Creator ${Date.now().toString(36)}`;
    await fillDetails(page, title);
    const filmId = await submitForReview(page);
    await waitForReview(page);

    await page.goto(`${BASE_URL}/admin`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: `Approve ${title}` }).click({ timeout: TIMEOUT_MS });
    await page.getByText('Film status updated successfully').first().waitFor({ timeout: TIMEOUT_MS });

    // It plays (the micro-cache may hold the film's 404 for a moment).
    const film = await creator.newPage();
    for (const deadline = Date.now() + 30_000; ;) {
      await film.goto(`${BASE_URL}/film/${filmId}`, { waitUntil: 'domcontentloaded' });
      const play = film.getByRole('button', { name: 'Play Now' });
      if (
        await play.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        )
      ) {
        await play.click();
        break;
      }
      assert.ok(Date.now() < deadline, `${title} did not become playable`);
    }
    await film.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1, null, {
      timeout: 30_000,
    });

    // The creator's dashboard lists it as theirs.
    await creatorPage.goto(`${BASE_URL}/creator-dashboard?tab=films`, { waitUntil: 'domcontentloaded' });
    await creatorPage.getByRole('listitem', { name: title }).waitFor({ timeout: TIMEOUT_MS });
    assert.deepEqual(errors, []);
  } finally {
    await creator.close();
    await admin.close();
  }
});
