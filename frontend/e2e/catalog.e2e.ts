/**
 * The catalogue in the browser, through the gateway, against the demo seed (its small set is enough):
 * Browse filters kept in the URL, typo-tolerant search, HLS playback of a film (variant playlists and
 * segments actually fetched) and the creator onboarding wizard up to the new creator page.
 * Run: node --import tsx --test frontend/e2e/catalog.e2e.ts
 *   BASE_URL (http://localhost:8080), MAILDEV_URL (http://127.0.0.1:1080)
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import type { Browser, Page } from 'playwright-core';

import { BASE_URL, collectErrors, launchBrowser, signInNewUser } from './support';

const TIMEOUT_MS = 20_000;

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

type Card = { title: string; genre: string; language: string };

/** The film cards of the Browse grid once it has settled (no skeletons), with their genre and language. */
async function gridCards(page: Page): Promise<Card[]> {
  const grid = page.getByRole('list', { name: 'Films' });
  await grid.waitFor({ timeout: TIMEOUT_MS });
  return grid.getByTestId('film-card').evaluateAll((cards) =>
    cards.map((card) => ({
      title: card.querySelector('h3')?.textContent?.trim() ?? '',
      genre: card.getAttribute('data-genre') ?? '',
      language: card.getAttribute('data-language') ?? '',
    })),
  );
}

/** Waits until every card of the grid passes `check` and at least one is `title`. */
async function waitForGrid(page: Page, title: string, check: (card: Card) => boolean): Promise<Card[]> {
  const deadline = Date.now() + TIMEOUT_MS;
  let cards: Card[] = [];
  while (Date.now() < deadline) {
    cards = await gridCards(page).catch(() => []);
    if (cards.length > 0 && cards.every(check) && cards.some((card) => card.title === title)) return cards;
    await page.waitForTimeout(200);
  }
  throw new Error(`the grid never settled on ${title}: ${JSON.stringify(cards)}`);
}

const chipTexts = (page: Page) =>
  page.getByRole('list', { name: 'Active filters' }).getByRole('listitem').allTextContents();

/** Polls the chips until they read `expected` (React renders just after the URL changes). */
async function expectChips(page: Page, expected: string[]): Promise<void> {
  const deadline = Date.now() + TIMEOUT_MS;
  let chips: string[] = [];
  while (Date.now() < deadline) {
    chips = await chipTexts(page).catch(() => []);
    if (JSON.stringify(chips) === JSON.stringify(expected)) return;
    await page.waitForTimeout(100);
  }
  assert.deepEqual(chips, expected);
}

export const browseFiltersTest =
  test('Browse filters by genre and language, in the URL and the chips', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      const errors = collectErrors(page);
      await page.goto(`${BASE_URL}/browse`, { waitUntil: 'domcontentloaded' });
      await gridCards(page);

      await page.getByRole('combobox', { name: 'Genre' }).selectOption('Thriller');
      await page.waitForURL(/[?&]genre=Thriller/, { timeout: TIMEOUT_MS });
      await page.getByRole('combobox', { name: 'Language' }).selectOption('Spanish');
      await page.waitForURL(/[?&]language=Spanish/, { timeout: TIMEOUT_MS });

      const url = new URL(page.url());
      assert.equal(url.searchParams.get('genre'), 'Thriller');
      assert.equal(url.searchParams.get('language'), 'Spanish');
      await expectChips(page, ['Genre: Thriller', 'Language: Spanish']);
      const filtered = await waitForGrid(
        page,
        'Sombra Binaria',
        (card) => card.genre === 'Thriller' && card.language === 'Spanish',
      );
      assert.ok(filtered.length >= 1);

      // Removing the genre chip widens the grid to every Spanish film.
      await page.getByRole('button', { name: 'Remove Genre: Thriller' }).click();
      await page.waitForURL((next) => !next.searchParams.has('genre'), { timeout: TIMEOUT_MS });
      assert.equal(new URL(page.url()).searchParams.get('language'), 'Spanish');
      await expectChips(page, ['Language: Spanish']);
      const spanish = await waitForGrid(page, 'Amor en Fractal', (card) => card.language === 'Spanish');
      assert.ok(
        spanish.some((card) => card.genre !== 'Thriller'),
        'other Spanish genres are back',
      );

      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

export const searchTest = test('search finds a title despite a typo, with q in the URL', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const errors = collectErrors(page);
    await page.goto(`${BASE_URL}/browse`, { waitUntil: 'domcontentloaded' });

    const search = page.getByRole('searchbox', { name: 'Search by title' });
    await search.fill('nebla', { timeout: TIMEOUT_MS });
    await search.press('Enter');

    await page.waitForURL(/[?&]q=nebla/, { timeout: TIMEOUT_MS });
    await waitForGrid(page, 'Nebula Dreams', () => true);
    await expectChips(page, ['Search: "nebla"']);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

const VARIANT_PLAYLIST = /\/media\/films\/\d+\/(360p|720p)\/[^/]+\.m3u8(\?|$)/;
const SEGMENT = /\/media\/films\/\d+\/[^?]+\.(ts|m4s)(\?|$)/;

export const playbackTest =
  test('a film plays over HLS from the grid, and Escape closes the player', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    try {
      const errors = collectErrors(page);
      const media: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/media/')) media.push(request.url());
      });

      await page.goto(`${BASE_URL}/browse`, { waitUntil: 'domcontentloaded' });
      await gridCards(page);
      await page
        .getByRole('list', { name: 'Films' })
        .getByRole('link', { name: 'Nebula Dreams', exact: true })
        .click();
      await page.waitForURL(/\/film\/\d+$/, { timeout: TIMEOUT_MS });
      await page.getByRole('heading', { level: 1, name: 'Nebula Dreams' }).waitFor({ timeout: TIMEOUT_MS });

      await page.getByRole('button', { name: 'Play Now' }).click();
      const player = page.getByRole('dialog', { name: 'Playing Nebula Dreams' });
      await player.waitFor({ timeout: TIMEOUT_MS });
      await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 2, null, {
        timeout: 30_000,
      });

      assert.ok(
        media.some((url) => VARIANT_PLAYLIST.test(url)),
        `no variant playlist was fetched: ${media.join(', ')}`,
      );
      assert.ok(
        media.some((url) => SEGMENT.test(url)),
        `no segment was fetched: ${media.join(', ')}`,
      );
      assert.ok(
        media.some((url) => url.endsWith('/master.m3u8')),
        'the master playlist comes first',
      );

      await page.keyboard.press('Escape');
      await player.waitFor({ state: 'detached', timeout: TIMEOUT_MS });
      assert.equal(await page.getByRole('dialog').count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

export const onboardingTest =
  test('a new user becomes a creator in four steps and sees their page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      const errors = collectErrors(page);
      await signInNewUser(page, 'e2e-creator');
      const bio = `Generative noir from the e2e suite, run ${Date.now().toString(36)}.`;

      await page.goto(`${BASE_URL}/creatorlogin`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('button', { name: 'Get Started' }).click({ timeout: TIMEOUT_MS });

      const continueButton = page.getByRole('button', { name: 'Continue' });
      assert.equal(await continueButton.isDisabled(), true, 'Continue waits for a bio');
      await page.getByRole('textbox', { name: /Bio/ }).fill(bio);
      await page.getByRole('textbox', { name: 'Twitter' }).fill('@e2e_noir');
      await continueButton.click();

      await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
      await page.getByRole('checkbox', { name: /Creator Guidelines/ }).check();
      await page.getByRole('button', { name: 'Create Profile' }).click();

      await page
        .getByText('Your creator profile has been created successfully.')
        // The toast and its screen-reader announcement may both hold the text for a moment.
        .first()
        .waitFor({ timeout: TIMEOUT_MS });
      await page.getByRole('link', { name: 'View your creator page' }).click();
      await page.waitForURL(/\/creator\/\d+$/, { timeout: TIMEOUT_MS });

      await page.getByText(bio).first().waitFor({ timeout: TIMEOUT_MS });
      await page.getByText('Filmmaker', { exact: true }).waitFor({ timeout: TIMEOUT_MS });
      assert.equal(await page.getByText('Independent Filmmaker', { exact: true }).count(), 0);
      assert.equal(
        await page.getByRole('link', { name: /@e2e_noir/ }).getAttribute('href'),
        'https://twitter.com/e2e_noir',
      );
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
