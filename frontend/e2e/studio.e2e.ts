/**
 * The content loop in Chromium against the running platform (make up): a creator uploads a clip
 * made by ffmpeg here, the connection is cut half way and the upload resumes where it stopped, the
 * film is transcoded and waits for review; an admin approves it and it plays from /browse. A
 * second upload is rejected with a reason the creator sees in the dashboard and by mail.
 *
 * Run: node --import tsx --test frontend/e2e/studio.e2e.ts
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import type { Browser } from 'playwright-core';

import {
  fillDetails,
  makeClip,
  receivedBytes,
  studioFilm,
  submitForReview,
  TIMEOUT_MS,
  waitForReview,
} from './studio-support';
import {
  BASE_URL,
  becomeCreator,
  collectErrors,
  launchBrowser,
  readMail,
  signInAsAdmin,
  signInNewUser,
} from './support';

const ADMIN = process.env.E2E_ADMIN_EMAIL ?? 'admin@kinora.test';

let browser: Browser;
let dir: string;

before(async () => {
  browser = await launchBrowser();
  dir = mkdtempSync(join(tmpdir(), 'kinora-e2e-studio-'));
});

after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a creator uploads through a cut connection, an admin approves, the film plays; a rejection reaches the creator', async () => {
  const creator = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    // ------------------------------------------------------------ the creator, and a clip of ~12 MB
    let page = await creator.newPage();
    const errors = collectErrors(page);
    const address = await signInNewUser(page, 'e2e-studio');
    await becomeCreator(creator);
    const clip = makeClip(dir, 'approved.mp4', 8, '12M');
    const size = statSync(clip).size;
    const captions = join(dir, 'test-card.en.vtt');
    writeFileSync(
      captions,
      'WEBVTT\n\n00:00.500 --> 00:03.000\nA test card speaks.\n\n00:03.000 --> 00:07.000\nIt hums.\n',
    );

    // Slow the upload so it can be cut half way (Chromium's own network throttling).
    const cdp = await creator.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: size / 8, // bytes per second: the whole file would take about 8 s
    });
    let uploadUrl = '';
    page.on('response', (response) => {
      if (response.request().method() === 'POST' && response.url().endsWith('/api/uploads/')) {
        uploadUrl = new URL(response.headers()['location'] ?? '', BASE_URL).toString();
      }
    });
    await page.goto(`${BASE_URL}/uploadfilm`, { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Choose a video file').setInputFiles(clip);

    const deadline = Date.now() + 60_000;
    let cutAt = 0;
    while (cutAt < size * 0.35) {
      assert.ok(Date.now() < deadline, `the upload did not get under way (${cutAt} of ${size} bytes)`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (uploadUrl) cutAt = await receivedBytes(creator, uploadUrl);
    }
    // Cut: the page goes away mid-request.
    await page.close();
    const stopped = await receivedBytes(creator, uploadUrl);
    assert.ok(stopped > 0 && stopped < size, `cut at ${stopped} of ${size} bytes`);
    assert.deepEqual(errors, []);

    // ------------------------------------------------------------ resumed on a new page
    page = await creator.newPage();
    const resumedErrors = collectErrors(page);
    const patchOffsets: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url() === uploadUrl) {
        patchOffsets.push(Number(request.headers()['upload-offset']));
      }
    });
    await page.goto(`${BASE_URL}/uploadfilm`, { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Choose a video file').setInputFiles(clip);
    const title = `Test Card ${Date.now().toString(36)}`;
    await fillDetails(page, title);
    await page.getByLabel('Add caption files').setInputFiles(captions);
    const filmId = await submitForReview(page);

    // The resumed upload started where the server had stopped: the first half was not sent again.
    assert.ok(patchOffsets.length > 0, 'no PATCH was sent after resuming');
    assert.equal(patchOffsets[0], stopped, `resumed at ${patchOffsets[0]}, the server had ${stopped}`);
    assert.equal(await receivedBytes(creator, uploadUrl).catch(() => size), size);

    const percents = await waitForReview(page);
    const film = await studioFilm(creator, filmId);
    assert.equal(film.media.status, 'ready');
    assert.equal(film.media.progress, 100, `progress seen: ${percents.join(', ')}`);
    assert.equal(film.status, 'pending');
    assert.deepEqual(
      film.captions.map((caption) => caption.language),
      ['en'],
    );
    const master = await (await creator.request.get(`${BASE_URL}${film.videoUrl}`)).text();
    assert.match(master, /TYPE=SUBTITLES/);
    assert.doesNotMatch(master, /RESOLUTION=1920x1080/, 'a 720p source gets no 1080p rendition');

    // The creator's Films tab shows it pending.
    await page.goto(`${BASE_URL}/creator-dashboard?tab=films`, { waitUntil: 'domcontentloaded' });
    const row = page.getByRole('listitem', { name: title });
    await row.getByText('Pending review').waitFor({ timeout: TIMEOUT_MS });
    // Visitors never see a pending film.
    assert.equal((await fetch(`${BASE_URL}/api/films/${filmId}`)).status, 404);

    // ------------------------------------------------------------ an admin approves it
    const adminPage = await admin.newPage();
    const adminErrors = collectErrors(adminPage);
    await signInAsAdmin(adminPage, ADMIN);
    await adminPage.goto(`${BASE_URL}/admin`, { waitUntil: 'domcontentloaded' });
    await adminPage.getByRole('button', { name: `Approve ${title}` }).click({ timeout: TIMEOUT_MS });
    await adminPage.getByText('Film status updated successfully').first().waitFor({ timeout: TIMEOUT_MS });

    // It appears in /browse and plays.
    const browse = await creator.newPage();
    const browseDeadline = Date.now() + 30_000;
    for (;;) {
      await browse.goto(`${BASE_URL}/browse?q=${encodeURIComponent(title)}&type=all`, {
        waitUntil: 'domcontentloaded',
      });
      const link = browse.getByRole('link', { name: title, exact: true }).first();
      if (
        await link.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        )
      ) {
        await link.click();
        break;
      }
      assert.ok(Date.now() < browseDeadline, `${title} did not appear in /browse`);
    }
    await browse.waitForURL(/\/film\/\d+$/, { timeout: TIMEOUT_MS });
    await browse.getByRole('button', { name: 'Play Now' }).click();
    await browse.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1, null, {
      timeout: 30_000,
    });
    await browse.getByRole('button', { name: 'Subtitles' }).first().waitFor({ timeout: TIMEOUT_MS });
    await browse.close();

    // ------------------------------------------------------------ a second upload, rejected
    await page.goto(`${BASE_URL}/uploadfilm`, { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Choose a video file').setInputFiles(makeClip(dir, 'rejected.mp4', 3, '1M'));
    const rejectedTitle = `Off Card ${Date.now().toString(36)}`;
    await fillDetails(page, rejectedTitle);
    await submitForReview(page);
    await waitForReview(page);

    const reason = `The sound is a single tone ${Date.now().toString(36)}; please add a soundtrack.`;
    const since = Date.now();
    await adminPage.reload({ waitUntil: 'domcontentloaded' });
    await adminPage.getByRole('button', { name: `Reject ${rejectedTitle}` }).click({ timeout: TIMEOUT_MS });
    await adminPage.getByLabel('Reason').fill(reason);
    await adminPage.getByRole('button', { name: 'Reject film' }).click();
    await adminPage.getByText('Film status updated successfully').first().waitFor({ timeout: TIMEOUT_MS });

    await page.goto(`${BASE_URL}/creator-dashboard?tab=films`, { waitUntil: 'domcontentloaded' });
    const rejectedRow = page.getByRole('listitem', { name: rejectedTitle });
    const dashboardDeadline = Date.now() + 30_000;
    for (;;) {
      // The row is there as soon as the list has loaded; the reason once catalog has the decision.
      await rejectedRow.waitFor({ timeout: TIMEOUT_MS });
      if (await rejectedRow.getByText(reason, { exact: false }).isVisible()) break;
      assert.ok(Date.now() < dashboardDeadline, 'the reviewer’s reason did not reach the Films tab');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await page.reload({ waitUntil: 'domcontentloaded' });
    }
    const escaped = reason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    assert.equal(await readMail(address, new RegExp(`(${escaped})`), { since, timeoutMs: 30_000 }), reason);

    assert.deepEqual(resumedErrors, []);
    assert.deepEqual(adminErrors, []);
  } finally {
    await creator.close();
    await admin.close();
  }
});
