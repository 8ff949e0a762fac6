/**
 * Viewing analytics in the browser, through the gateway, against `make up`: a member watches a
 * film for 40 s; within 10 s of closing the player its creator's dashboard shows the view and the
 * watch time, the member's /profile lists the film under Continue Watching with the minutes left,
 * the film page offers to resume, and the watch history lists it.
 * Run: node --import tsx --test frontend/e2e/analytics.e2e.ts
 *   BASE_URL (http://localhost:8080), MAILDEV_URL (http://127.0.0.1:1080)
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import type { Browser, Page } from 'playwright-core';

import {
  BASE_URL,
  collectErrors,
  launchBrowser,
  publishFilm,
  publishedFilm,
  signIn,
  signInNewUser,
  uniqueAddress,
} from './support';

const TIMEOUT_MS = 20_000;
/** The film is two minutes long: 40 s watched leaves 80 s, "2 min left". */
const FILM_SECONDS = 120;
const WATCH_SECONDS = 40;

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** Reloads `page` until `ready` (which may wait a little for the page's data) holds, for at most `timeoutMs`. */
async function reloadUntil(page: Page, ready: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await ready().catch(() => false)) return;
    assert.ok(Date.now() < deadline, `${what} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await page.reload({ waitUntil: 'domcontentloaded' });
  }
}

test('a member watches a film for 40 s: the creator sees it, Continue Watching and resume follow', async () => {
  const stamp = Date.now().toString(36);
  const creator = { email: uniqueAddress('e2e-analytics-creator'), firstName: 'Vera', lastName: 'Lumen' };
  const title = `Long Exposure ${stamp}`;
  publishFilm(creator, title, FILM_SECONDS);
  const film = await publishedFilm(title, TIMEOUT_MS);

  const memberContext = await browser.newContext();
  const creatorContext = await browser.newContext();
  try {
    // The creator is signed in on their dashboard before the film is watched.
    const dashboard = await creatorContext.newPage();
    await dashboard.goto(`${BASE_URL}/auth`, { waitUntil: 'domcontentloaded' });
    await signIn(dashboard, creator.email);

    const member = await memberContext.newPage();
    const memberErrors = collectErrors(member);
    await signInNewUser(member, 'e2e-viewer');
    await member.goto(`${BASE_URL}/film/${film.id}`, { waitUntil: 'domcontentloaded' });
    await member.getByRole('button', { name: 'Play Now' }).click({ timeout: TIMEOUT_MS });
    const player = member.getByRole('dialog', { name: `Playing ${title}` });
    await player.waitFor({ timeout: TIMEOUT_MS });
    // Watch until 40 s of the film have played. On a loaded machine headless Chromium may leave
    // the video paused (autoplay refused) or stalled: play it again, as a viewer would.
    const playerLog: string[] = [];
    member.on('console', (message) => playerLog.push(`${message.type()}: ${message.text()}`));
    const deadline = Date.now() + (WATCH_SECONDS + 110) * 1000;
    for (let last = -1; ;) {
      const state = await member.evaluate(() => {
        const video = document.querySelector('video');
        const buffered = video
          ? Array.from({ length: video.buffered.length }, (_, i) => [
              video.buffered.start(i),
              video.buffered.end(i),
            ])
          : [];
        return {
          time: video?.currentTime ?? 0,
          paused: video?.paused ?? true,
          readyState: video?.readyState,
          networkState: video?.networkState,
          error: video?.error?.message,
          buffered,
          player: document.querySelector('[role="dialog"]')?.textContent?.slice(0, 200),
        };
      });
      if (state.time >= WATCH_SECONDS) break;
      assert.ok(
        Date.now() < deadline,
        `the film played ${WATCH_SECONDS} s: ${JSON.stringify(state)}\n${playerLog.join('\n')}`,
      );
      if (state.paused || state.time === last) {
        await member.evaluate(() =>
          document
            .querySelector('video')
            ?.play()
            .catch(() => undefined),
        );
      }
      last = state.time;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    await member.keyboard.press('Escape');
    await player.waitFor({ state: 'detached', timeout: TIMEOUT_MS });
    const closedAt = Date.now();

    // The creator's dashboard: one view, and the watch time (40 s and a little).
    await dashboard.goto(`${BASE_URL}/creator-dashboard`, { waitUntil: 'domcontentloaded' });
    const views = dashboard.getByRole('group', { name: 'Total views' });
    const watchTime = dashboard.getByRole('group', { name: 'Watch time' });
    await reloadUntil(
      dashboard,
      async () => {
        await views.getByText(/^1$/).waitFor({ timeout: 3_000 });
        return true;
      },
      closedAt + 10_000 - Date.now(),
      'the creator dashboard shows the view',
    );
    assert.match((await watchTime.textContent()) ?? '', /Watch time\s*(39|4\d)s/);

    // The member's Continue Watching, with the minutes left against the film's own length.
    await member.goto(`${BASE_URL}/profile`, { waitUntil: 'domcontentloaded' });
    const continueWatching = member.getByRole('list', { name: 'Continue Watching' });
    await reloadUntil(
      member,
      async () => {
        await continueWatching.getByText(title).first().waitFor({ timeout: 3_000 });
        return true;
      },
      10_000,
      'Continue Watching lists the film',
    );
    const entry = continueWatching.getByRole('listitem').filter({ hasText: title });
    assert.match((await entry.textContent()) ?? '', /2 min left/);

    // Reopening the film offers to resume where the member stopped.
    await member.goto(`${BASE_URL}/film/${film.id}`, { waitUntil: 'domcontentloaded' });
    await member.getByRole('button', { name: /^Resume from 0:4\d$/ }).waitFor({ timeout: TIMEOUT_MS });

    // The watch history lists it.
    await member.goto(`${BASE_URL}/history`, { waitUntil: 'domcontentloaded' });
    await member.getByText(title).first().waitFor({ timeout: TIMEOUT_MS });
    assert.deepEqual(memberErrors, []);
  } finally {
    await memberContext.close();
    await creatorContext.close();
  }
});
