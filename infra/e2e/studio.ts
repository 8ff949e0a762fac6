/**
 * A creator's film through the studio's calls, for the e2e tests (not a test file itself): the clip
 * sent over tus, the film created from the upload, and waited for until it is transcoded and
 * pending review.
 */
import assert from 'node:assert/strict';

import { must, until, type Account } from '../fuzz/platform';
import { GATEWAY } from './support';

/** Transcoding shares the machine's two cores with the whole platform. */
const TRANSCODE_MS = 180_000;

export interface StudioFilm {
  id: number;
  title: string;
  status: 'pending' | 'published' | 'archived';
  media: { status: 'queued' | 'processing' | 'ready' | 'failed'; failureReason: string | null };
}

/** Sends the clip over tus (creation, then one PATCH); the upload's id. */
export async function uploadClip(creator: Account, clip: Uint8Array<ArrayBuffer>): Promise<string> {
  const created = await fetch(`${GATEWAY}/api/uploads`, {
    method: 'POST',
    headers: {
      cookie: creator.cookie,
      'tus-resumable': '1.0.0',
      'upload-length': String(clip.length),
      'upload-metadata': `filename ${btoa('test-card.mp4')},filetype ${btoa('video/mp4')}`,
    },
  });
  const location = created.headers.get('location') ?? '';
  assert.equal(created.status, 201, `tus creation: ${created.status} ${await created.text()}`);
  assert.match(location, /\/api\/uploads\/[A-Za-z0-9_-]+$/, 'tus creation answers the upload’s Location');
  const sent = await fetch(new URL(location, GATEWAY), {
    method: 'PATCH',
    headers: {
      cookie: creator.cookie,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: clip,
  });
  assert.equal(sent.status, 204, `tus PATCH: ${sent.status} ${await sent.text()}`);
  assert.equal(sent.headers.get('upload-offset'), String(clip.length), 'the server has every byte');
  return location.split('/').pop()!;
}

/** Uploads the clip as `title`, creates the film and waits until it is transcoded: pending review. */
export async function submitFilm(
  creator: Account,
  clip: Uint8Array<ArrayBuffer>,
  title: string,
): Promise<StudioFilm> {
  const made = await must<StudioFilm>(creator, 'POST', '/api/studio/films', {
    uploadId: await uploadClip(creator, clip),
    title,
    description: 'A test card with a tone, uploaded by the end-to-end tests.',
    genre: 'Documentary',
    language: 'English',
    releaseYear: 2026,
    aiDisclosure: {
      tools: ['ffmpeg'],
      parts: ['visuals', 'sound'],
      realLikeness: false,
      likenessConsent: false,
    },
  });
  assert.equal(made.status, 'pending', 'a new film waits for review');
  const transcoded = await until(
    `"${title}" transcoded`,
    async () => {
      const film = await must<StudioFilm>(creator, 'GET', `/api/studio/films/${made.id}`);
      assert.notEqual(film.media.status, 'failed', `transcoding failed: ${film.media.failureReason}`);
      return film.media.status === 'ready' ? film : undefined;
    },
    TRANSCODE_MS,
  );
  assert.equal(transcoded.status, 'pending', 'the transcoded film is pending review');
  return transcoded;
}
