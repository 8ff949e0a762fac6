/**
 * Keyboard only, in Chromium: on the main pages every visible control is reached with Tab and shows
 * a focus indicator; a film plays from the keyboard, the player keeps focus inside while open and
 * gives it back to Play Now when Escape closes it; the report dialog does the same for its button.
 *
 * Run: node --import tsx --test frontend/e2e/keyboard.e2e.ts
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import type { Browser, Page } from 'playwright-core';

import { BASE_URL, launchBrowser, signInNewUser } from './support';

const TIMEOUT_MS = 20_000;
/** Tab presses allowed per page: more than any page here has controls. */
const MAX_TABS = 400;

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/**
 * A stable description of an element. A radio group is one stop in the tab order (arrow keys move
 * within it), so each of its radios is described as the group.
 */
const DESCRIBE = `(element) => {
  if (element.matches('input[type="radio"][name]')) return 'radio group "' + element.name + '"';
  const path = [];
  for (let node = element; node && node !== document.body; node = node.parentElement) {
    const siblings = node.parentElement ? [...node.parentElement.children] : [node];
    path.unshift(node.tagName.toLowerCase() + ':' + siblings.indexOf(node));
  }
  const name = element.getAttribute('aria-label') || element.textContent || element.getAttribute('name') || '';
  return path.join('/') + ' "' + name.trim().replace(/\\s+/g, ' ').slice(0, 40) + '"';
}`;

/** Every control a keyboard user should reach: visible, enabled, not taken out of the tab order. */
async function visibleControls(page: Page): Promise<string[]> {
  return page.evaluate(
    ([describe]) => {
      const describeElement = new Function(`return ${describe}`)() as (element: Element) => string;
      const selector =
        'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
      return Array.from(document.querySelectorAll(selector))
        .filter((element) => {
          if (element.closest('[inert], [aria-hidden="true"]')) return false;
          if (element.getAttribute('tabindex') === '-1') return false;
          const box = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
        })
        .map(describeElement)
        .filter((id, index, ids) => ids.indexOf(id) === index);
    },
    [DESCRIBE],
  );
}

/** The focused element's description, and whether a focus indicator is drawn around it. */
async function focused(page: Page): Promise<{ id: string; indicator: boolean } | null> {
  return page.evaluate(
    ([describe]) => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const describeElement = new Function(`return ${describe}`)() as (element: Element) => string;
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
      return { id: describeElement(element), indicator: outline || ring };
    },
    [DESCRIBE],
  );
}

/** Tabs through the whole page once (until focus comes back round), collecting what took focus. */
async function tabThrough(page: Page): Promise<{ reached: Set<string>; unmarked: string[] }> {
  const reached = new Set<string>();
  const unmarked: string[] = [];
  let first: string | undefined;
  for (let press = 0; press < MAX_TABS; press++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (!now) continue;
    if (now.id === first) break;
    first ??= now.id;
    if (!now.indicator) unmarked.push(now.id);
    reached.add(now.id);
  }
  return { reached, unmarked };
}

async function checkPage(page: Page, path: string, ready: (page: Page) => Promise<unknown>): Promise<void> {
  await page.goto(`${BASE_URL}${path}`, { waitUntil: 'domcontentloaded' });
  await ready(page);
  // Rows far down a page load when scrolled near: scroll through once so every control is there.
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, 0));
  const controls = await visibleControls(page);
  const { reached, unmarked } = await tabThrough(page);
  const unreached = controls.filter((control) => !reached.has(control));
  assert.deepEqual(unreached, [], `${path}: controls Tab never reached`);
  assert.deepEqual(unmarked, [], `${path}: focused without a visible focus indicator`);
  assert.ok(reached.size >= 5, `${path}: only ${reached.size} controls reached`);
  reports.push(`keyboard: ${path}: ${reached.size} controls reached with Tab, each with a focus indicator`);
}

const reports: string[] = [];

const heading = (page: Page) =>
  page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: TIMEOUT_MS });

/** Presses Tab until `name`'s element has focus (at most MAX_TABS times). */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let press = 0; press < MAX_TABS; press++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const element = document.activeElement;
      return element?.getAttribute('aria-label') || element?.textContent?.trim() || '';
    });
    if (label === name) return;
  }
  assert.fail(`Tab never reached "${name}"`);
}

/** While a dialog named `dialogName` is open, 30 Tabs and Shift+Tabs never take focus out of it. */
async function assertFocusTrapped(page: Page, dialogName: string): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press < 30; press++) {
      await page.keyboard.press(key);
      const inside = await page.evaluate((name) => {
        const dialog = Array.from(document.querySelectorAll('[role="dialog"]')).find(
          (element) => element.getAttribute('aria-label') === name || element.textContent?.includes(name),
        );
        return Boolean(dialog && dialog.contains(document.activeElement));
      }, dialogName);
      assert.ok(inside, `${key} #${press + 1} took focus out of the dialog "${dialogName}"`);
    }
  }
}

/** Marks the focused element, to find out later whether focus came back to that very element. */
const markFocused = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.setAttribute('data-e2e-opener', ''));
/** Whether the marked element gets focus back within 3 s of closing (Radix restores it a moment later). */
async function openerFocused(page: Page): Promise<boolean> {
  return page
    .waitForFunction(() => document.activeElement?.hasAttribute('data-e2e-opener') ?? false, undefined, {
      timeout: 3_000,
    })
    .then(() => true)
    .catch(() => false);
}

test('keyboard only: every control reachable with a visible focus, dialogs trap and restore focus', async (t) => {
  const films = (await (await fetch(`${BASE_URL}/api/films`)).json()) as { id: number; title: string }[];
  const film = films[0];
  assert.ok(film, 'the catalog has a published film');

  const context = await browser.newContext();
  const page = await context.newPage();
  for (const path of ['/', '/browse', `/film/${film.id}`, '/auth']) await checkPage(page, path, heading);

  await signInNewUser(page, 'e2e-keyboard');
  for (const path of ['/home', `/film/${film.id}`]) await checkPage(page, path, heading);

  // The player, from the keyboard.
  await page.goto(`${BASE_URL}/film/${film.id}`, { waitUntil: 'domcontentloaded' });
  await heading(page);
  await tabTo(page, 'Play Now');
  await markFocused(page);
  await page.keyboard.press('Enter');
  const player = page.getByRole('dialog', { name: `Playing ${film.title}` });
  await player.waitFor({ timeout: TIMEOUT_MS });
  await assertFocusTrapped(page, `Playing ${film.title}`);
  await page.keyboard.press('Escape');
  await player.waitFor({ state: 'detached', timeout: TIMEOUT_MS });
  // The button may now offer to resume where the player stopped: the same button, relabelled.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  assert.ok(await openerFocused(page), 'focus returns to the play button when the player closes');

  // The report dialog.
  const reportName = `Report ${film.title}`;
  await page.getByRole('button', { name: reportName }).focus();
  await markFocused(page);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ timeout: TIMEOUT_MS });
  const dialogName = (await dialog.getAttribute('aria-labelledby'))
    ? ((await page.locator(`#${await dialog.getAttribute('aria-labelledby')}`).textContent()) ?? '')
    : ((await dialog.getAttribute('aria-label')) ?? '');
  await assertFocusTrapped(page, dialogName.trim());
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached', timeout: TIMEOUT_MS });
  assert.ok(await openerFocused(page), 'focus returns to the report button when the dialog closes');
  await context.close();
  for (const report of reports) t.diagnostic(report);
});
