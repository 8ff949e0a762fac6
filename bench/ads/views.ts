/**
 * Impressions (POST /api/ads/view, event start) for bench/ads: each view needs the token of its own
 * selection, so the selections are made first (not timed, a few at a time), and the views then sent
 * at a fixed rate by the open-loop generator, each the start of one selection. A start writes the
 * event and its outbox row and charges the campaign, the heaviest of the viewer's ad calls.
 */
import { Pool } from 'undici';

import type { RequestSpec } from '../lib/open-loop.js';
import { BenchError } from '../lib/wrk.js';

/** A selected ad: what its start must repeat, with the agent it was selected for. */
interface Grant {
  userAgent: string;
  body: string;
}

/** Makes `count` selections through `origin` with `concurrency` in flight; returns their starts. */
export async function selectionsFor(
  origin: string,
  count: number,
  select: (n: number) => RequestSpec,
  concurrency = 32,
): Promise<Grant[]> {
  const pool = new Pool(origin, { connections: concurrency });
  const grants: Grant[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const spec = select(next++);
      const response = await pool.request(spec);
      if (response.statusCode !== 200) {
        throw new BenchError(
          `select for the view bench: ${response.statusCode} ${await response.body.text()}`,
          1,
        );
      }
      const ad = (await response.body.json()) as { id: number; token: string };
      const asked = JSON.parse(spec.body!) as { filmId: number; sessionId: string };
      grants.push({
        userAgent: spec.headers['user-agent']!,
        body: JSON.stringify({
          adId: ad.id,
          filmId: asked.filmId,
          sessionId: asked.sessionId,
          token: ad.token,
          event: 'start',
        }),
      });
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    await pool.close();
  }
  return grants;
}

/** The n-th view: the start of the n-th selection. */
export const viewOf =
  (grants: Grant[]) =>
  (n: number): RequestSpec => ({
    method: 'POST',
    path: '/api/ads/view',
    headers: { 'content-type': 'application/json', 'user-agent': grants[n]!.userAgent },
    body: grants[n]!.body,
  });
