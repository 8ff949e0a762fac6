/**
 * What the studio's browser tests share: clips made by ffmpeg here, the upload form's details, its
 * submission and the wait for transcoding, and a film as its studio API shows it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

import type { BrowserContext, Page } from 'playwright-core';

import { BASE_URL } from './support';

export const TIMEOUT_MS = 20_000;
/** Transcoding shares two cores with everything else while the suite runs. */
export const TRANSCODE_TIMEOUT_MS = 180_000;

/** A 1280x720 clip with sound made by ffmpeg; `bitrate` sets its size. */
export function makeClip(dir: string, name: string, seconds: number, bitrate: string): string {
  const path = join(dir, name);
  const result = spawnSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=1280x720:rate=25:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=523:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-b:v',
      bitrate,
      '-minrate',
      bitrate,
      '-maxrate',
      bitrate,
      '-bufsize',
      bitrate,
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      path,
    ],
    { encoding: 'utf8' },
  );
  assert.equal(result.status, 0, `ffmpeg could not make ${name}: ${result.stderr}`);
  return path;
}

/** The server's received-bytes count of a tus upload (HEAD Upload-Offset), as its owner. */
export async function receivedBytes(context: BrowserContext, uploadUrl: string): Promise<number> {
  const head = await context.request.head(uploadUrl, { headers: { 'Tus-Resumable': '1.0.0' } });
  assert.equal(head.status(), 200, `HEAD ${uploadUrl} answered ${head.status()}`);
  return Number(head.headers()['upload-offset']);
}

export async function fillDetails(page: Page, title: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Film details' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('A test card with a tone, uploaded by the end-to-end suite.');
  await form.getByLabel('Genre').selectOption('Drama');
  await form.getByLabel('Language').selectOption('English');
  await form.getByLabel('Release year').fill('2026');
}

export async function submitForReview(page: Page): Promise<number> {
  // Enabled once the upload has finished and the details are valid.
  const submit = page.locator('button:not([disabled])', { hasText: 'Submit for review' });
  await submit.waitFor({ timeout: TRANSCODE_TIMEOUT_MS });
  await submit.click();
  await page.waitForURL(/[?&]film=\d+/, { timeout: TIMEOUT_MS });
  return Number(new URL(page.url()).searchParams.get('film'));
}

/** Waits until the upload page says the film waits for review; returns the transcoding percents seen. */
export async function waitForReview(page: Page): Promise<number[]> {
  const seen: number[] = [];
  const deadline = Date.now() + TRANSCODE_TIMEOUT_MS;
  const waiting = page.getByText('Waiting for review', { exact: false });
  while (!(await waiting.isVisible())) {
    assert.ok(
      Date.now() < deadline,
      `not transcoded within ${TRANSCODE_TIMEOUT_MS} ms (seen ${seen.join(', ')})`,
    );
    const failed = page.getByText('We could not process this video.');
    assert.equal(
      await failed.isVisible(),
      false,
      await page.locator('[role=alert]').allTextContents().then(String),
    );
    const percent = await page.evaluate(() =>
      document
        .querySelector('[role=progressbar][aria-label="Transcoding progress"]')
        ?.getAttribute('aria-valuenow'),
    );
    if (percent) seen.push(Number(percent));
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return seen;
}

export interface StudioFilm {
  id: number;
  status: string;
  videoUrl: string | null;
  captions: { language: string }[];
  media: { status: string; progress: number };
}

export async function studioFilm(context: BrowserContext, id: number): Promise<StudioFilm> {
  const response = await context.request.get(`${BASE_URL}/api/studio/films/${id}`);
  assert.equal(response.status(), 200);
  return (await response.json()) as StudioFilm;
}
