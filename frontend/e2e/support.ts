/** Shared set-up of the browser end-to-end tests (not a test file itself). */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';

import { adminSession, mailsTo } from '../../infra/e2e/support';

export const BASE_URL = (process.env.BASE_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
  });

/**
 * Console errors and uncaught exceptions of a page. The browser itself logs "Failed to load resource"
 * for every error response, even one the app expects and handles (a visitor's page makes none:
 * who is signed in comes from GET /api/auth/session, a 200 either way); pass the paths whose failed
 * loads a test expects.
 */
export function collectErrors(page: Page, expectedFailures: string[] = []): string[] {
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

/** A fresh address, so every run signs up a new user. */
export const uniqueAddress = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.com`;

/** The ids of the mails `address` has so far: taken before an action, so readMail skips them. */
export const mailIds = async (address: string): Promise<Set<string>> =>
  new Set((await mailsTo(address)).map((mail) => mail.id));

/**
 * Polls maildev's REST API for the newest message to `address` whose text, subject or HTML matches
 * `pattern`, and returns the pattern's first group. `after`: the ids of mails to skip (mailIds
 * before the action that sends it); `since` (ms): skips mails dated earlier, to the second.
 */
export async function readMail(
  address: string,
  pattern: RegExp,
  {
    timeoutMs = 20_000,
    since = 0,
    after = new Set<string>(),
  }: { timeoutMs?: number; since?: number; after?: ReadonlySet<string> } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const newestFirst = (await mailsTo(address))
      .filter((mail) => !after.has(mail.id))
      // Mail dates have whole seconds: a mail sent since `since` is dated at most a second before it.
      .filter((mail) => Date.parse(mail.date ?? '') >= since - 1_000)
      .sort((a, b) => Date.parse(b.date ?? '') - Date.parse(a.date ?? ''));
    for (const mail of newestFirst) {
      const found = pattern.exec(`${mail.text ?? ''} ${mail.subject ?? ''} ${mail.html ?? ''}`)?.[1];
      if (found) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${address} matching ${pattern} within ${timeoutMs} ms`);
}

/**
 * The sign-in code of the newest sign-in mail to `address` not among `after`. Not any six digits
 * of any mail within a second of the request: a code mailed for an earlier attempt, or another
 * mail (a suspension lifted), may carry the same date, to the second.
 */
export const readCode = (address: string, timeoutMs = 20_000, after?: ReadonlySet<string>): Promise<string> =>
  readMail(address, /sign-in code is (\d{6})\b/, { timeoutMs, after });

/** Signs `page` in as a new user through /auth with the code from maildev; ends on /home. */
export async function signInNewUser(page: Page, prefix = 'e2e', timeoutMs = 15_000): Promise<string> {
  const address = uniqueAddress(prefix);
  await page.goto(`${BASE_URL}/auth`, { waitUntil: 'domcontentloaded' });
  await signIn(page, address, timeoutMs);
  return address;
}

/**
 * Signs `page` in as the admin `address` with the run's shared admin session (one code per run,
 * infra/e2e/support.ts adminSession); ends on /home, like signIn.
 */
export async function signInAsAdmin(page: Page, address: string): Promise<void> {
  const { cookie } = await adminSession(address);
  const split = cookie.indexOf('=');
  await page
    .context()
    .addCookies([
      { name: cookie.slice(0, split), value: cookie.slice(split + 1), url: BASE_URL, httpOnly: true },
    ]);
  await page.goto(`${BASE_URL}/home`, { waitUntil: 'domcontentloaded' });
}

/** Signs `page`, already on /auth, in as `address` with the code from maildev; ends on /home. */
export async function signIn(page: Page, address: string, timeoutMs = 15_000): Promise<void> {
  await page.getByRole('textbox', { name: 'Email Address' }).fill(address, { timeout: timeoutMs });
  const earlier = await mailIds(address);
  await page.getByRole('button', { name: 'Continue' }).click();
  const codeInput = page.getByRole('textbox', { name: 'Verification Code' });
  await codeInput.waitFor({ timeout: timeoutMs });
  await codeInput.fill(await readCode(address, timeoutMs, earlier));
  await page.getByRole('button', { name: 'Verify & Continue' }).click();
  await page.waitForURL(`${BASE_URL}/home`, { timeout: timeoutMs });
  // The navigation bar shows the account menu once the session is in place.
  await page.getByRole('button', { name: /account menu/i }).waitFor({ timeout: timeoutMs });
}

/** Registers the signed-in member of `context` as a creator and waits until their session carries the role. */
export async function becomeCreator(context: BrowserContext): Promise<void> {
  const created = await context.request.post(`${BASE_URL}/api/creators`, {
    headers: { origin: BASE_URL },
    data: { bio: 'Makes films for the end-to-end suite.', socialLinks: {} },
  });
  if (created.status() !== 201)
    throw new Error(`POST /api/creators: ${created.status()} ${await created.text()}`);
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const { user } = (await (await context.request.get(`${BASE_URL}/api/auth/session`)).json()) as {
      user: { roles: string[] } | null;
    };
    if (user?.roles.includes('creator')) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the creator role did not reach the session within 30 s');
}

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Publishes short synthesized films by the account `email` through the real pipeline (catalog's
 * seed with a manifest of its own: the account's creator profile, the films synthesized, transcoded
 * by catalog-worker and published), as `make seed` does. Run with the environment of `make up`.
 */
export function publishFilms(
  creator: { email: string; firstName: string; lastName: string },
  titles: string[],
  seconds = 4,
): void {
  const dir = mkdtempSync(join(tmpdir(), 'kinora-e2e-seed-'));
  try {
    const manifest = join(dir, 'manifest.json');
    writeFileSync(
      manifest,
      JSON.stringify({
        creators: [
          { key: 'e2e', ...creator, verified: false, bio: 'A creator from the e2e suite.', socialLinks: {} },
        ],
        films: titles.map((title) => ({
          title,
          creator: 'e2e',
          genre: 'Drama',
          language: 'English',
          releaseYear: 2026,
          small: true,
          seconds,
          description: `A ${seconds}-second gradient from the end-to-end tests.`,
          // 5 frames a second: the worker's time goes to frames, and the tests that use long
          // films (a mid-roll needs two minutes) look at the clock, not the picture.
          video: 'gradients=size=640x360:rate=5:speed=0.05',
          audio: 'sine=frequency=330:sample_rate=44100',
        })),
      }),
    );
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(REPO_ROOT, 'infra/local/main.ts'), 'seed'],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        // The whole film at its own length: the quick set (KINORA_SEED=small, as CI runs the
        // platform) would cut it to ten seconds.
        env: { ...process.env, KINORA_SEED: 'full', KINORA_SEED_MANIFEST: manifest },
        timeout: 180_000,
      },
    );
    if (result.status !== 0)
      throw new Error(`publishing ${titles.join(', ')} failed:\n${result.stdout}\n${result.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One film, as publishFilms. */
export function publishFilm(
  creator: { email: string; firstName: string; lastName: string },
  title: string,
  seconds = 4,
): void {
  publishFilms(creator, [title], seconds);
}

/** The published film titled `title`, once the public list shows it (within its few-second cache). */
export async function publishedFilm<
  Film extends { id: number; title: string } = { id: number; title: string },
>(title: string, timeoutMs = 20_000): Promise<Film> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    const films = (await (await fetch(`${BASE_URL}/api/films?limit=100&sort=newest`)).json()) as Film[];
    const film = films.find((candidate) => candidate.title === title);
    if (film) return film;
    if (Date.now() > deadline) throw new Error(`${title} is not published after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
