/**
 * Community features in the browser, through the gateway, against `make up` with the demo seed:
 * reviews and the film's rating, My List on the film page and /profile, following a creator,
 * a visitor's like, critic invitations end to end, and notifications of a followed creator's film.
 * Run: node --import tsx --test frontend/e2e/community.e2e.ts
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
  publishedFilm as published,
  readMail,
  signIn,
  signInAsAdmin,
  signInNewUser,
  uniqueAddress,
} from './support';

const TIMEOUT_MS = 20_000;
/** An address in the platform's ADMIN_EMAILS (make test sets both). */
const ADMIN = process.env.E2E_ADMIN_EMAIL ?? 'admin@kinora.test';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

type Film = { id: number; title: string; rating: string; creator: { id: number } };

const publishedFilm = (title: string) => published<Film>(title);

/** Polls `read` until `accept` holds, else fails with the last value. */
async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  what: string,
): Promise<T> {
  const deadline = Date.now() + TIMEOUT_MS;
  let value = await read();
  while (!accept(value)) {
    assert.ok(Date.now() < deadline, `${what}: last seen ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  return value;
}

async function withPage(run: (page: Page, errors: string[]) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const errors = collectErrors(page);
    await run(page, errors);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}

test('a member reviews a film, sees it listed with n/10, and the film rating follows', async () => {
  await withPage(async (page) => {
    await signInNewUser(page, 'e2e-reviewer');
    const film = await publishedFilm('Glitch Parade');
    await page.goto(`${BASE_URL}/film/${film.id}`, { waitUntil: 'domcontentloaded' });

    const form = page.getByRole('form', { name: 'Write a review' });
    await form.waitFor({ timeout: TIMEOUT_MS });
    // As a member does: the visible circle (the radio's label; the radio itself is screen-reader
    // only). Not a forced click, which skips the wait for a still layout: the Critic Reviews card
    // above shrinks from its loading placeholder once its reviews arrive, and a click aimed before
    // that lands some 150 px below the radio.
    await form
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: '10 out of 10' }) })
      .click();
    assert.ok(await form.getByRole('radio', { name: '10 out of 10' }).isChecked(), 'the 10 is chosen');
    const text = `A parade of tiny rebels, reviewed by the e2e suite (${Date.now().toString(36)}).`;
    await form.getByRole('textbox').fill(text);
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await page.getByText('Review submitted successfully').first().waitFor({ timeout: TIMEOUT_MS });

    const mine = page.getByRole('list', { name: 'Reviews' }).getByRole('listitem').filter({ hasText: text });
    await mine.waitFor({ timeout: TIMEOUT_MS });
    assert.match(await mine.innerText(), /10\/10/);
    assert.equal(await form.getByRole('textbox').inputValue(), '', 'the form resets after success');

    // The rating is every review's mean, one decimal; the page shows it once catalog has the event.
    const reviews = (await (await fetch(`${BASE_URL}/api/films/${film.id}/reviews?limit=100`)).json()) as {
      rating: number;
    }[];
    const mean = (
      Math.round((reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length) * 10) / 10
    ).toFixed(1);
    // Members share the visitors' micro-cache of film pages, a few seconds old at most: wait until
    // the film as this member is served has it (docs/accounts.md, "Who shares the cache").
    await eventually(
      async () =>
        ((await (await page.request.get(`${BASE_URL}/api/films/${film.id}`)).json()) as Film).rating,
      (rating) => rating === mean,
      `the film's rating becomes ${mean}`,
    );
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.getByText(`(${mean} / 10)`).waitFor({ timeout: TIMEOUT_MS });
  });
});

test("a visitor's like sends them to /auth", async () => {
  await withPage(async (page) => {
    const film = await publishedFilm('Little Gradient');
    await page.goto(`${BASE_URL}/browse`, { waitUntil: 'domcontentloaded' });
    await page
      .getByRole('button', { name: `Like ${film.title}` })
      .first()
      .click({ timeout: TIMEOUT_MS });
    await page.waitForURL(`${BASE_URL}/auth`, { timeout: TIMEOUT_MS });
  });
});

test('a member follows a creator from the creator page, finds them under Following on /home, unfollows', async () => {
  await withPage(async (page) => {
    await signInNewUser(page, 'e2e-follower');
    const film = await publishedFilm('Glitch Parade');
    const creator = (await (await fetch(`${BASE_URL}/api/creators/${film.creator.id}`)).json()) as {
      user: { firstName: string; lastName: string };
    };
    const name = `${creator.user.firstName} ${creator.user.lastName}`;

    await page.goto(`${BASE_URL}/creator/${film.creator.id}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Follow', exact: true }).click({ timeout: TIMEOUT_MS });
    await page.getByText('Following creator').first().waitFor({ timeout: TIMEOUT_MS });
    await page.getByRole('button', { name: 'Following', exact: true }).waitFor({ timeout: TIMEOUT_MS });

    await page.goto(`${BASE_URL}/home`, { waitUntil: 'domcontentloaded' });
    const which = page.getByRole('group', { name: 'Which creators' });
    await which.getByRole('button', { name: 'Following' }).click({ timeout: TIMEOUT_MS });
    const row = page.getByRole('region', { name: 'Creators', exact: true });
    await row.getByText(name).first().waitFor({ timeout: TIMEOUT_MS });

    await page.goto(`${BASE_URL}/creator/${film.creator.id}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Following', exact: true }).click({ timeout: TIMEOUT_MS });
    await page.getByText('Unfollowed creator').first().waitFor({ timeout: TIMEOUT_MS });
    await page.getByRole('button', { name: 'Follow', exact: true }).waitFor({ timeout: TIMEOUT_MS });
  });
});

test('an admin invites a critic, who signs up from the mailed link, signs in and reaches the dashboard', async () => {
  const critic = uniqueAddress('e2e-critic');
  const reviewTitle = `Two shadows, one rule (${Date.now().toString(36)})`;
  await withPage(async (page) => {
    await signInAsAdmin(page, ADMIN);
    await page.goto(`${BASE_URL}/admin`, { waitUntil: 'domcontentloaded' });
    // The invitation form sits in the admin dashboard's Content tab.
    await page.getByRole('tab', { name: 'Content' }).click({ timeout: TIMEOUT_MS });
    await page.getByRole('textbox', { name: 'Critic email' }).fill(critic, { timeout: TIMEOUT_MS });
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await page.getByText('Invitation sent').first().waitFor({ timeout: TIMEOUT_MS });
  });

  const link = await readMail(critic, /(https?:\/\/\S+\/critic-signup\?token=[\w%-]+)/);
  await withPage(async (page) => {
    await page.goto(link.replace(/^https?:\/\/[^/]+/, BASE_URL), { waitUntil: 'domcontentloaded' });
    await page.getByText(critic).first().waitFor({ timeout: TIMEOUT_MS });
    await page.getByLabel('First Name *').fill('Iris');
    await page.getByLabel('Last Name *').fill('Barry');
    await page.getByLabel('Professional Bio *').fill('Reviews generative cinema for the e2e suite.');
    await page.getByRole('button', { name: 'Drama' }).click();
    await page.getByRole('button', { name: 'Create Critic Account' }).click();
    await page.waitForURL(/\/auth\?message=/, { timeout: TIMEOUT_MS });

    await signIn(page, critic);
    await page.goto(`${BASE_URL}/critic-dashboard`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: 'Critic Dashboard' }).waitFor({ timeout: TIMEOUT_MS });
    assert.equal(await page.getByLabel('Total Reviews').innerText({ timeout: TIMEOUT_MS }), '0');

    // A critic review from the film page counts on the dashboard.
    const film = await publishedFilm('Sombra Binaria');
    await page.goto(`${BASE_URL}/film/${film.id}`, { waitUntil: 'domcontentloaded' });
    const form = page.getByRole('form', { name: 'Write a critic review' });
    await form.getByLabel('Review title').fill(reviewTitle, { timeout: TIMEOUT_MS });
    await form.getByLabel('Rating (out of 10)').selectOption('8');
    await form.getByLabel('Critic review').fill('A noir made of a single rule, reviewed by the e2e suite.');
    await form.getByRole('button', { name: 'Publish Critic Review' }).click();
    await page.getByRole('list', { name: 'Critic reviews' }).getByText(reviewTitle).waitFor({
      timeout: TIMEOUT_MS,
    });

    await page.goto(`${BASE_URL}/critic-dashboard`, { waitUntil: 'domcontentloaded' });
    await page.getByText(reviewTitle).waitFor({ timeout: TIMEOUT_MS });
    assert.equal(await page.getByLabel('Total Reviews').innerText(), '1');
    // Impact score = round(totalReviews × averageRating / 5 × 100).
    assert.equal(await page.getByLabel('Impact Score').innerText(), '160');
  });
});

test('a member adds a film to My List on the film page, finds it on /profile, then removes it', async () => {
  await withPage(async (page) => {
    await signInNewUser(page, 'e2e-lister');
    const film = await publishedFilm('Nebula Dreams');
    await page.goto(`${BASE_URL}/film/${film.id}`, { waitUntil: 'domcontentloaded' });
    const myList = page.getByRole('button', { name: 'My List' }).first();
    await myList.click({ timeout: TIMEOUT_MS });
    await page.getByText('Added to your list').first().waitFor({ timeout: TIMEOUT_MS });
    assert.equal(await myList.getAttribute('aria-pressed'), 'true');

    await page.goto(`${BASE_URL}/profile`, { waitUntil: 'domcontentloaded' });
    const list = page.getByRole('list', { name: 'My List' });
    await list.getByText(film.title).first().waitFor({ timeout: TIMEOUT_MS });
    await page.getByRole('button', { name: `Remove ${film.title} from Watchlist` }).click();
    await page.getByText('Removed from your list').first().waitFor({ timeout: TIMEOUT_MS });
    await eventually(
      () => list.getByText(film.title).count(),
      (count) => count === 0,
      'the film leaves My List',
    );
  });
});

test("a follower is notified when the followed creator's next film is published", async () => {
  const stamp = Date.now().toString(36);
  const creator = { email: uniqueAddress('e2e-creator'), firstName: 'Noa', lastName: `Reyes ${stamp}` };
  // The creator's first film makes them a creator with a page; the follower follows them there.
  publishFilm(creator, `First Light ${stamp}`);
  const first = await eventually(
    async () => {
      const films = (await (await fetch(`${BASE_URL}/api/films?limit=100&sort=newest`)).json()) as Film[];
      return films.find((film) => film.title === `First Light ${stamp}`);
    },
    (film) => film !== undefined,
    'the first film is published',
  );
  await withPage(async (page) => {
    await signInNewUser(page, 'e2e-notified');
    await page.goto(`${BASE_URL}/creator/${first!.creator.id}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Follow', exact: true }).click({ timeout: TIMEOUT_MS });
    await page.getByText('Following creator').first().waitFor({ timeout: TIMEOUT_MS });

    publishFilm(creator, `Second Light ${stamp}`);
    // The bell asks for the unread count on every page load; reload until that answer counts one.
    await eventually(
      async () => {
        const counted = page.waitForResponse((response) =>
          response.url().endsWith('/api/notifications/unread-count'),
        );
        await page.reload({ waitUntil: 'domcontentloaded' });
        return ((await (await counted).json()) as { count: number }).count;
      },
      (count) => count === 1,
      'the unread count becomes one',
    );
    const bell = page.getByRole('button', { name: 'Notifications (1 unread)' });
    await bell.waitFor({ timeout: TIMEOUT_MS });
    await bell.click();
    const item = page
      .getByRole('list', { name: 'Notifications' })
      .getByText(`Noa Reyes ${stamp} published Second Light ${stamp}`);
    await item.click({ timeout: TIMEOUT_MS });
    await page.waitForURL(/\/film\/\d+$/, { timeout: TIMEOUT_MS });
    await page
      .getByRole('heading', { name: `Second Light ${stamp}` })
      .first()
      .waitFor({ timeout: TIMEOUT_MS });
  });
});
