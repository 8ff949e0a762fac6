/**
 * Recommendations in the browser, through the gateway, against `make up`: a member watches two films
 * of one taste (one creator's, in one genre) to the end in the player; their home page then leads
 * with "For you" holding that creator's two films they have not seen, and a "Because you watched …"
 * row naming one they watched, each row saying why. They open a film from "For you", and the click
 * reaches the admin's click-through. Turning personalisation off in their profile removes both rows.
 * Run: node --import tsx --test frontend/e2e/recommendations.e2e.ts
 *   BASE_URL (http://localhost:8080), MAILDEV_URL (http://127.0.0.1:1080), E2E_ADMIN_EMAIL
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import type { Browser, Page } from 'playwright-core';

import {
  BASE_URL,
  collectErrors,
  launchBrowser,
  publishedFilm,
  publishFilms,
  signInAsAdmin,
  signInNewUser,
  uniqueAddress,
} from './support';

const TIMEOUT_MS = 20_000;
const FILM_SECONDS = 4;

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** Plays the film page's film to its end in the player (past its ad breaks), then closes the player. */
async function watchToTheEnd(page: Page, filmId: number, title: string): Promise<void> {
  await page.goto(`${BASE_URL}/film/${filmId}`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Play Now' }).click({ timeout: TIMEOUT_MS });
  const player = page.getByRole('dialog', { name: `Playing ${title}` });
  await player.waitFor({ timeout: TIMEOUT_MS });
  const deadline = Date.now() + 90_000;
  for (;;) {
    // The film's own video (an ad plays in the ad overlay's): ended, or within a frame of its end.
    const state = await page.evaluate(() => {
      const videos = Array.from(document.querySelectorAll('video'));
      const film = videos[0];
      return {
        time: film?.currentTime ?? 0,
        duration: film?.duration ?? NaN,
        ended: film?.ended ?? false,
        paused: film?.paused ?? true,
      };
    });
    if (state.ended || (state.duration > 0 && state.time >= state.duration - 0.2)) break;
    assert.ok(Date.now() < deadline, `${title} played to its end: ${JSON.stringify(state)}`);
    // Headless Chromium may leave the video paused (autoplay refused): play it, as a viewer would.
    if (state.paused)
      await page.evaluate(() =>
        document
          .querySelector('video')
          ?.play()
          .catch(() => undefined),
      );
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await page.keyboard.press('Escape');
  await player.waitFor({ state: 'detached', timeout: TIMEOUT_MS });
}

/** The home page's recommendation rows as shown: kind, key, heading and the cards' film ids. */
async function homeRows(page: Page) {
  return page.locator('[data-testid="recommendation-row"]').evaluateAll((rows) =>
    rows.map((row) => ({
      kind: row.getAttribute('data-row-kind'),
      key: row.getAttribute('data-row-key'),
      text: row.textContent ?? '',
      films: Array.from(row.querySelectorAll('[data-testid="film-card"]')).map((card) =>
        Number(card.getAttribute('data-film-id')),
      ),
    })),
  );
}

/** Reloads /home until `ready` holds of its rows. */
async function homeUntil(
  page: Page,
  ready: (rows: Awaited<ReturnType<typeof homeRows>>) => boolean,
  what: string,
) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await page.goto(`${BASE_URL}/home`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: 'New Releases' }).waitFor({ timeout: TIMEOUT_MS });
    await page.waitForTimeout(1_000);
    const rows = await homeRows(page);
    if (ready(rows)) return rows;
    assert.ok(Date.now() < deadline, `${what} within 30 s: ${JSON.stringify(rows)}`);
  }
}

test('two films of one taste watched: For you leads with the rest of it, Because you watched names one; off removes both', async () => {
  const stamp = Date.now().toString(36);
  const creator = { email: uniqueAddress('e2e-taste-creator'), firstName: 'Iris', lastName: 'Vantablack' };
  const titles = ['Dawn', 'Noon', 'Dusk', 'Night'].map((part) => `${part} Loop ${stamp}`);
  publishFilms(creator, titles, FILM_SECONDS);
  const films = await Promise.all(titles.map((title) => publishedFilm(title, TIMEOUT_MS)));
  const [first, second, third, fourth] = films as [
    (typeof films)[0],
    (typeof films)[0],
    (typeof films)[0],
    (typeof films)[0],
  ];

  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signInNewUser(page, 'e2e-taste');
    await watchToTheEnd(page, first.id, first.title);
    await watchToTheEnd(page, second.id, second.title);

    // Both films counted (the second's end arrives a moment after the first's rows).
    const rows = await homeUntil(
      page,
      (shown) =>
        shown[0]?.kind === 'for-you' &&
        !shown[0].films.includes(first.id) &&
        !shown[0].films.includes(second.id) &&
        shown.some((row) => row.kind === 'because-you-watched'),
      'For you without the films watched, and Because you watched',
    );
    const forYou = rows[0]!;
    assert.deepEqual(forYou.films.slice(0, 2).sort(), [third.id, fourth.id].sort(), JSON.stringify(forYou));
    assert.ok(
      !forYou.films.includes(first.id) && !forYou.films.includes(second.id),
      'watched films are not offered',
    );
    assert.match(forYou.text, /For you/);
    assert.match(forYou.text, /Picked from what you watched, rated, liked and saved lately/);
    const because = rows.find((row) => row.kind === 'because-you-watched')!;
    assert.ok(
      because.text.includes(`Because you watched ${second.title}`) ||
        because.text.includes(`Because you watched ${first.title}`),
      because.text,
    );
    assert.match(because.text, /From the creator of|Members who watched/);

    // A film opened from For you: counted on the admin's click-through.
    await page
      .locator('[data-testid="recommendation-row"][data-row-kind="for-you"] [data-testid="film-card"]')
      .first()
      .getByRole('link')
      .first()
      .click();
    await page.waitForURL(/\/film\/\d+/, { timeout: TIMEOUT_MS });
    const adminContext = await browser.newContext();
    try {
      const admin = await adminContext.newPage();
      await signInAsAdmin(admin, process.env.E2E_ADMIN_EMAIL ?? '');
      const deadline = Date.now() + 30_000;
      for (;;) {
        await admin.goto(`${BASE_URL}/admin`, { waitUntil: 'domcontentloaded' });
        await admin.getByRole('tab', { name: 'Analytics' }).click({ timeout: TIMEOUT_MS });
        const table = admin.getByRole('table', { name: 'Recommendation click-through' });
        const forYouRow = table.getByRole('row', { name: /^For you/ });
        const clicks = await forYouRow
          .locator('td')
          .nth(1)
          .textContent({ timeout: 5_000 })
          .catch(() => null);
        if (clicks && Number(clicks) >= 1) break;
        assert.ok(Date.now() < deadline, `the click on the admin's click-through within 30 s (${clicks})`);
        await admin.waitForTimeout(1_000);
      }
    } finally {
      await adminContext.close();
    }

    // Personalisation off: both rows go.
    await page.goto(`${BASE_URL}/profile`, { waitUntil: 'domcontentloaded' });
    const toggle = page.getByRole('switch', { name: 'Personalised recommendations' });
    await toggle.waitFor({ timeout: TIMEOUT_MS });
    assert.equal(await toggle.isChecked(), true);
    // The switch is the visually hidden checkbox behind its label: toggled from the keyboard.
    await toggle.focus();
    await page.keyboard.press('Space');
    await page.getByText('Personalised recommendations off').first().waitFor({ timeout: TIMEOUT_MS });
    await homeUntil(
      page,
      (shown) => !shown.some((row) => row.kind === 'for-you' || row.kind === 'because-you-watched'),
      'no personal rows once personalisation is off',
    );
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
