/**
 * axe-core (its default rules: WCAG 2.x A and AA, and best practices) in Chromium on every route of
 * the SPA, as a visitor, a member, a creator and the admin: the player playing, the upload flow with
 * a file chosen, each tab of both dashboards. No serious or critical violation anywhere; prints the
 * counts by impact per route.
 *
 * Run: node --import tsx --test frontend/e2e/accessibility.e2e.ts
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import type { AxeResults } from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';

import { makeTestClip } from '../../infra/e2e/support';

import { BASE_URL, becomeCreator, launchBrowser, signInAsAdmin, signInNewUser } from './support';

const TIMEOUT_MS = 20_000;
const ADMIN = process.env.E2E_ADMIN_EMAIL ?? 'admin@kinora.test';
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
/** axe is injected as a script of its own, which the gateway's Content-Security-Policy would refuse. */
const AXE_CONTEXT = { bypassCSP: true };

let browser: Browser;
let dir: string;
const rows: string[] = [];
const failures: string[] = [];

before(async () => {
  browser = await launchBrowser();
  dir = mkdtempSync(join(tmpdir(), 'kinora-e2e-axe-'));
});

after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs axe on what `page` shows now; records its counts under `name` and any serious or critical finding. */
async function check(page: Page, name: string): Promise<void> {
  // Whatever is still fading in is checked as it ends up.
  await page.waitForTimeout(400);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SOURCE });
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (options: object) => Promise<AxeResults> } }).axe.run({
      resultTypes: ['violations'],
    }),
  );
  const counts = Object.fromEntries(IMPACTS.map((impact) => [impact, 0])) as Record<
    (typeof IMPACTS)[number],
    number
  >;
  for (const violation of results.violations) {
    const impact = violation.impact ?? 'minor';
    counts[impact] += violation.nodes.length;
    if (impact === 'serious' || impact === 'critical') {
      const targets = violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1, 2).join('')}`);
      failures.push(
        `${name}: ${impact} ${violation.id} ×${violation.nodes.length}\n      ${targets.join('\n      ')}`,
      );
    }
  }
  rows.push(`${name.padEnd(36)} ${IMPACTS.map((impact) => String(counts[impact]).padStart(9)).join('')}`);
}

async function visit(page: Page, path: string, ready: (page: Page) => Promise<unknown>, name = path) {
  await page.goto(`${BASE_URL}${path}`, { waitUntil: 'domcontentloaded' });
  await ready(page);
  await check(page, name);
}

const heading = (page: Page, level = 1) =>
  page.getByRole('heading', { level }).first().waitFor({ timeout: TIMEOUT_MS });

/** Each tab of the page's tab list, clicked and checked in turn. */
async function eachTab(page: Page, prefix: string): Promise<void> {
  const tabs = page.getByRole('tab');
  await tabs.first().waitFor({ timeout: TIMEOUT_MS });
  const names = await tabs.allTextContents();
  for (const [index, label] of names.entries()) {
    await tabs.nth(index).click();
    await page.getByRole('tabpanel').first().waitFor({ timeout: TIMEOUT_MS });
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await check(page, `${prefix} · ${label.trim()}`);
  }
}

async function films(): Promise<{ id: number; title: string; creator: { id: number } }[]> {
  return (await (await fetch(`${BASE_URL}/api/films`)).json()) as never;
}

test('axe: no serious or critical violation on any route, for any kind of user', async (t) => {
  const [film] = await films();
  assert.ok(film, 'the catalog has a published film');

  const visitor = await browser.newContext(AXE_CONTEXT);
  const page = await visitor.newPage();
  const visitorRoutes: [string, (page: Page) => Promise<unknown>][] = [
    ['/', heading],
    ['/waitlist', heading],
    ['/frontpage', heading],
    ['/auth', heading],
    ['/home', heading],
    ['/browse', (p) => p.getByRole('list', { name: 'Films' }).waitFor({ timeout: TIMEOUT_MS })],
    ['/discover-creators', heading],
    ['/discover-critics', heading],
    ['/awards', heading],
    [`/film/${film.id}`, heading],
    [`/creator/${film.creator.id}`, heading],
    ['/about', heading],
    ['/terms', heading],
    ['/privacy', heading],
    ['/creator-guidelines', heading],
    ['/creatorlogin', heading],
    ['/critic-signup', heading],
    ['/upload', heading],
    ['/uploadfilm', heading],
    ['/no-such-page', heading],
  ];
  for (const [path, ready] of visitorRoutes) await visit(page, path, ready, `visitor ${path}`);
  await visitor.close();

  const member = await browser.newContext(AXE_CONTEXT);
  const memberPage = await member.newPage();
  await signInNewUser(memberPage, 'e2e-axe');
  await check(memberPage, 'member /home');
  for (const path of ['/browse', '/profile', '/history', '/discover-critics', '/creatorlogin']) {
    await visit(memberPage, path, heading, `member ${path}`);
  }
  await visit(memberPage, `/film/${film.id}`, heading, `member /film/${film.id}`);
  await memberPage.getByRole('button', { name: 'Play Now' }).click();
  const player = memberPage.getByRole('dialog', { name: `Playing ${film.title}` });
  await player.waitFor({ timeout: TIMEOUT_MS });
  await check(memberPage, 'member player');
  await memberPage.keyboard.press('Escape');

  await becomeCreator(member);
  await visit(memberPage, '/creator-dashboard', heading, 'creator /creator-dashboard');
  await eachTab(memberPage, 'creator dashboard');
  await visit(memberPage, '/uploadfilm', heading, 'creator /uploadfilm');
  await memberPage.getByLabel('Choose a video file').setInputFiles(makeTestClip(join(dir, 'axe.mp4'), 2));
  await memberPage.getByRole('form', { name: 'Film details' }).waitFor({ timeout: TIMEOUT_MS });
  await check(memberPage, 'creator upload in progress');
  await member.close();

  const admin: BrowserContext = await browser.newContext(AXE_CONTEXT);
  const adminPage = await admin.newPage();
  await signInAsAdmin(adminPage, ADMIN);
  await visit(adminPage, '/admin', heading, 'admin /admin');
  await eachTab(adminPage, 'admin');
  await admin.close();

  t.diagnostic(`axe: route${' '.repeat(31)}${IMPACTS.map((impact) => impact.padStart(9)).join('')}`);
  for (const row of rows) t.diagnostic(row);
  for (const failure of failures) for (const line of failure.split('\n')) t.diagnostic(line);
  assert.equal(failures.length, 0, `${failures.length} serious or critical violations (listed above)`);
});
