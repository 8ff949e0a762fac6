/**
 * Ad breaks in the browser, through the gateway, against `make up`: an admin runs a campaign; a
 * member's film opens with its pre-roll (label, countdown, Skip Ad only after 5 s), Learn More opens
 * the advertiser's page and counts a click, skipping resumes the film, and the film stops at its
 * middle for the mid-roll; within 10 s the admin's Advertising tab shows the impressions, the click and
 * the spend. An admin also makes a campaign in the New Campaign form with a video uploaded there
 * (resumable upload, transcoded by catalog-worker, then chosen as the ad's video).
 * Run: node --import tsx --test frontend/e2e/ads.e2e.ts
 *   BASE_URL (http://localhost:8080), MAILDEV_URL, E2E_ADMIN_EMAIL (an admin)
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import type { Browser, Page } from 'playwright-core';

import { makeTestClip } from '../../infra/e2e/support';

import {
  BASE_URL,
  collectErrors,
  launchBrowser,
  publishFilm,
  publishedFilm,
  signInAsAdmin,
  signInNewUser,
  uniqueAddress,
} from './support';

const ADMIN = process.env.E2E_ADMIN_EMAIL ?? 'admin@kinora.test';
const TIMEOUT_MS = 20_000;
/** 2.5 minutes: a pre-roll, one mid-roll at half (75 s) and a post-roll. */
const FILM_SECONDS = 150;
const CPM = 20;
const CLICK_URL = 'https://example.com/kinora-e2e-ad';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** A same-origin API call from `page`, with its session cookie. */
async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const { status, text } = await page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    },
    { method, path, body },
  );
  assert.ok(status < 300, `${method} ${path}: ${status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const filmTime = (page: Page) =>
  page.evaluate(
    () => document.querySelector<HTMLVideoElement>('video:not([data-testid="ad-video"])')?.currentTime ?? 0,
  );

test('a pre-roll, Learn More, Skip Ad after 5 s, a mid-roll, and the admin sees it', async () => {
  const stamp = Date.now().toString(36);
  const creator = { email: uniqueAddress('e2e-ads-creator'), firstName: 'Ada', lastName: 'Breaks' };
  const title = `Ad Break ${stamp}`;
  publishFilm(creator, title, FILM_SECONDS);
  const film = await publishedFilm(title, TIMEOUT_MS);

  const adminContext = await browser.newContext();
  const memberContext = await browser.newContext();
  let campaignId: string | undefined;
  const admin = await adminContext.newPage();
  try {
    await signInAsAdmin(admin, ADMIN);
    const [video] = await call<{ videoUrl: string; duration: number }[]>(
      admin,
      'GET',
      '/api/ads/creative-videos',
    );
    assert.ok(video, 'a demo creative to show');
    const advertiser = await call<{ id: string }>(admin, 'POST', '/api/ads/advertisers', {
      name: `E2E Optics ${stamp}`,
    });
    const campaign = await call<{ id: string }>(admin, 'POST', '/api/ads/campaigns', {
      advertiserId: advertiser.id,
      name: `E2E launch ${stamp}`,
      budget: 50,
      cpm: CPM,
      delivery: 'asap',
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      capPerViewerDay: 10,
      capPerSession: 5,
      status: 'active',
      creatives: [
        {
          title: `See it all ${stamp}`,
          description: 'Lenses for generative cinema.',
          videoUrl: video.videoUrl,
          duration: video.duration,
          clickUrl: CLICK_URL,
        },
      ],
    });
    campaignId = campaign.id;

    // The member's film opens with the pre-roll.
    const member = await memberContext.newPage();
    const memberErrors = collectErrors(member);
    await signInNewUser(member, 'e2e-ads-viewer');
    await member.goto(`${BASE_URL}/film/${film.id}`, { waitUntil: 'domcontentloaded' });
    await member.getByRole('button', { name: 'Play Now' }).click({ timeout: TIMEOUT_MS });
    const ad = member.getByRole('region', { name: 'Advertisement' });
    await ad.getByText(`See it all ${stamp}`).waitFor({ timeout: TIMEOUT_MS });
    await ad.getByText(`E2E Optics ${stamp}`).waitFor();
    await ad
      .getByTestId('ad-countdown')
      .getByText(/^\d+s$/)
      .waitFor();
    // Skip Ad is there but unavailable until 5 s after the ad started.
    const skip = ad.getByRole('button', { name: /^Skip Ad/ });
    await member.waitForFunction(
      () => (document.querySelector<HTMLVideoElement>('[data-testid="ad-video"]')?.currentTime ?? 0) > 0.5,
      null,
      { timeout: TIMEOUT_MS },
    );
    const shownAt = Date.now();
    assert.equal(await skip.isDisabled(), true, 'Skip Ad is not available before 5 s');
    assert.equal(await filmTime(member), 0, 'the film waits for the pre-roll');

    // Learn More opens the advertiser's page in a new tab (counted as a click).
    // (Answered here: this machine has no way out to the advertiser's site.)
    await memberContext.route(`${CLICK_URL}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Advertiser</title>' }),
    );
    const [tab] = await Promise.all([
      memberContext.waitForEvent('page'),
      ad.getByRole('button', { name: 'Learn More' }).click(),
    ]);
    await tab.waitForURL(`${CLICK_URL}**`, { timeout: TIMEOUT_MS });
    await tab.close();

    await member.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('button')).some(
          (button) => button.textContent?.trim() === 'Skip Ad' && !button.disabled,
        ),
      null,
      { timeout: 8_000 },
    );
    assert.ok(Date.now() - shownAt >= 4_000, 'Skip Ad became available about 5 s after the ad started');
    await skip.click();
    await ad.waitFor({ state: 'detached', timeout: TIMEOUT_MS });
    await member.waitForFunction(
      () =>
        (document.querySelector<HTMLVideoElement>('video:not([data-testid="ad-video"])')?.currentTime ?? 0) >
        1,
      null,
      { timeout: TIMEOUT_MS },
    );

    // Played from a little before the middle, the film stops at 75 s for the mid-roll.
    await member.evaluate(() => {
      const video = document.querySelector<HTMLVideoElement>('video:not([data-testid="ad-video"])');
      if (video) video.currentTime = 72;
    });
    await ad.waitFor({ timeout: TIMEOUT_MS });
    const heldAt = await filmTime(member);
    assert.ok(heldAt >= 74.5 && heldAt < 77, `the film is held at the mid-roll's position (at ${heldAt} s)`);
    await member.waitForFunction(
      () => (document.querySelector<HTMLVideoElement>('[data-testid="ad-video"]')?.currentTime ?? 0) > 0.5,
      null,
      { timeout: TIMEOUT_MS },
    );
    await member.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('button')).some(
          (button) => button.textContent?.trim() === 'Skip Ad' && !button.disabled,
        ),
      null,
      { timeout: 10_000 },
    );
    await skip.click();
    await ad.waitFor({ state: 'detached', timeout: TIMEOUT_MS });
    const skippedAt = Date.now();
    await member.waitForFunction(
      (from) =>
        (document.querySelector<HTMLVideoElement>('video:not([data-testid="ad-video"])')?.currentTime ?? 0) >
        from + 0.5,
      heldAt,
      { timeout: TIMEOUT_MS },
    );
    assert.deepEqual(memberErrors, []);

    // The admin's Advertising tab: the campaign's two impressions, its click and 2 × CPM/1000 spent;
    // the platform's figures (rolled up by analytics) count them too.
    await admin.goto(`${BASE_URL}/admin`, { waitUntil: 'domcontentloaded' });
    const card = admin.getByRole('article', { name: `E2E launch ${stamp}` });
    const figure = async (name: string) => {
      const text = (await admin.getByRole('group', { name }).textContent()) ?? '';
      return Number(/^[\d,]+/.exec(text.slice(name.length))?.[0].replace(/,/g, '') ?? 0);
    };
    for (;;) {
      await admin.getByRole('tab', { name: 'Advertising' }).click({ timeout: TIMEOUT_MS });
      const text = (await card.textContent({ timeout: TIMEOUT_MS }).catch(() => '')) ?? '';
      const shown =
        /Spend\$0\.04 of \$50\.00/.test(text) &&
        /Impressions2(?!\d)/.test(text) &&
        /Clicks1(?!\d)/.test(text) &&
        (await figure('Impressions')) >= 2 &&
        (await figure('Clicks')) >= 1;
      if (shown) break;
      assert.ok(
        Date.now() < skippedAt + 10_000,
        `the Advertising tab shows the impressions, the click and the spend (card: ${text})`,
      );
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await admin.reload({ waitUntil: 'domcontentloaded' });
    }
  } finally {
    if (campaignId)
      await call(admin, 'PATCH', `/api/ads/campaigns/${campaignId}`, { status: 'paused' }).catch(
        () => undefined,
      );
    await memberContext.close();
    await adminContext.close();
  }
});

test('an admin makes a campaign in the New Campaign form with a video uploaded there', async () => {
  const stamp = Date.now().toString(36);
  const work = mkdtempSync(join(tmpdir(), 'kinora-e2e-creative-'));
  const clip = makeTestClip(join(work, `spot-${stamp}.mp4`), 6);
  const context = await browser.newContext();
  const admin = await context.newPage();
  const errors = collectErrors(admin);
  try {
    await signInAsAdmin(admin, ADMIN);
    await admin.goto(`${BASE_URL}/admin`, { waitUntil: 'domcontentloaded' });
    await admin.getByRole('tab', { name: 'Advertising' }).click({ timeout: TIMEOUT_MS });
    await admin.getByRole('button', { name: 'New Campaign' }).click({ timeout: TIMEOUT_MS });
    const form = admin.getByRole('dialog', { name: 'New Campaign' });
    await form.getByLabel('New advertiser').check();
    await form.getByLabel('Advertiser name').fill(`E2E Uploads ${stamp}`);
    await form.getByLabel('Campaign name').fill(`E2E uploaded spot ${stamp}`);
    await form.getByLabel('Budget (USD)').fill('25');
    await form.getByLabel('CPM bid (USD)').fill('12');
    await form.getByLabel('Ad title').fill(`Spot ${stamp}`);
    await form.getByLabel('Click URL').fill(CLICK_URL);

    await form.getByLabel('Video file to upload').setInputFiles(clip);
    await form.getByText(`Spot ${stamp} is ready and chosen as the ad's video.`).waitFor({ timeout: 90_000 });
    const videoUrl = await form.getByLabel('Video', { exact: true }).inputValue();
    assert.match(videoUrl, /^\/media\/ads\/upload-\d+\/master\.m3u8$/);
    // The gateway serves the transcoded creative.
    const master = await admin.request.get(`${BASE_URL}${videoUrl}`);
    assert.equal(master.status(), 200);
    assert.match(await master.text(), /^#EXTM3U/);

    await form.getByRole('button', { name: 'Create Campaign' }).click();
    await admin.getByRole('article', { name: `E2E uploaded spot ${stamp}` }).waitFor({ timeout: TIMEOUT_MS });
    const campaigns = await call<
      { name: string; creatives: { title: string; videoUrl: string; duration: number }[] }[]
    >(admin, 'GET', '/api/ads/campaigns');
    const made = campaigns.find((campaign) => campaign.name === `E2E uploaded spot ${stamp}`);
    assert.ok(made, 'the campaign was created');
    assert.equal(made.creatives[0]?.videoUrl, videoUrl);
    assert.ok(Math.abs((made.creatives[0]?.duration ?? 0) - 6) < 0.2, "the video's own length");
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    rmSync(work, { recursive: true, force: true });
  }
});
