/** What the compose flow tests share (not a test file itself). */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';

import { ADMIN, adminSession, GATEWAY } from '../../e2e/support';
import { must, type Account } from '../../fuzz/platform';

/** The parts of a film (FilmDto, contracts/openapi/catalog.json) the flows read. */
export interface Film {
  id: number;
  title: string;
  status: 'pending' | 'published' | 'archived';
  videoUrl: string | null;
  creator: { id: number };
}

/** A fresh address, so that no run meets an earlier run's account. */
export const unique = (name: string) =>
  `compose-${name}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@e2e.kinora.test`;

/** The run's shared admin session (an address may ask for 5 codes an hour) as an account. */
export async function adminAccount(): Promise<Account> {
  const { cookie, user } = await adminSession();
  return { email: ADMIN, cookie, id: user.id };
}

/** The public films list, as a visitor sees it. */
export const publishedFilms = () => must<Film[]>(undefined, 'GET', '/api/films?limit=100');

const MPEGURL = 'application/vnd.apple.mpegurl';

/** GET through the gateway: a 200 of `type` with a body, which it answers. */
async function media(url: URL, type: string): Promise<Buffer> {
  const response = await fetch(url);
  assert.equal(response.status, 200, `GET ${url.pathname}: ${response.status}`);
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0];
  assert.equal(contentType, type, `GET ${url.pathname}: the content type`);
  const body = Buffer.from(await response.arrayBuffer());
  assert.ok(body.length > 0, `GET ${url.pathname}: an empty body`);
  return body;
}

/** The first URI line of a playlist (a variant of a master, a segment of a variant). */
const firstUri = (playlist: string) =>
  playlist.split('\n').find((line) => line.trim() !== '' && !line.startsWith('#'));

/** A film's HLS from the gateway's /media/: its master playlist, a variant and one of its segments. */
export async function assertPlayable(videoUrl: string | null): Promise<void> {
  assert.match(videoUrl ?? '', /^\/media\/.+\.m3u8$/, `the film's master playlist is under /media/`);
  const masterUrl = new URL(videoUrl!, GATEWAY);
  const master = (await media(masterUrl, MPEGURL)).toString('utf8');
  assert.match(master, /^#EXTM3U/, 'the master is an HLS playlist');
  assert.match(master, /#EXT-X-STREAM-INF:/, 'the master lists variants');
  const variantUri = firstUri(master);
  assert.ok(variantUri, 'the master names a variant playlist');
  const variantUrl = new URL(variantUri, masterUrl);
  const variant = (await media(variantUrl, MPEGURL)).toString('utf8');
  assert.match(variant, /#EXTINF:/, 'the variant lists segments');
  const segmentUri = firstUri(variant);
  assert.ok(segmentUri, 'the variant names a segment');
  const segment = await media(new URL(segmentUri, variantUrl), 'video/mp2t');
  assert.equal(segment[0], 0x47, 'the segment is MPEG-TS (its first sync byte)');
}
