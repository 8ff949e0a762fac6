import { CAPTION_VTT_MAX_BYTES, CAPTIONS_MAX } from '@kinora/contracts';
import type { FastifyInstance } from 'fastify';
import { UPLOADS_PATH } from './uploads.service';

/** tus sends upload bytes with this content type. */
export const TUS_CONTENT_TYPE = 'application/offset+octet-stream';

/**
 * The studio's film bodies carry their captions (up to 8 WebVTT texts of 1 MB each, JSON-escaped),
 * hence a larger limit than the 1 MB of every other call.
 */
export const STUDIO_BODY_LIMIT = 2 * CAPTIONS_MAX * CAPTION_VTT_MAX_BYTES + 1024 * 1024;
const STUDIO_ROUTES = /^\/api\/studio\/films(\/|$)/;

/**
 * What the catalog's HTTP server needs for uploads, registered before the routes are:
 * - tus bodies are left unread, for @tus/server to stream them to disk from the raw request;
 * - the tus endpoint answers at /api/uploads/ as well as /api/uploads (clients are given the
 *   endpoint with its slash; Nest registers paths without one), the same handler and guard;
 * - the studio's routes take bodies up to STUDIO_BODY_LIMIT.
 */
export function registerUploadHttp(fastify: FastifyInstance): void {
  if (fastify.hasContentTypeParser(TUS_CONTENT_TYPE)) return;
  fastify.addContentTypeParser(TUS_CONTENT_TYPE, (_request, _payload, done) => done(null));
  let aliasing = false;
  fastify.addHook('onRoute', function (route) {
    if (STUDIO_ROUTES.test(route.url ?? '')) route.bodyLimit = STUDIO_BODY_LIMIT;
    if (route.url === UPLOADS_PATH && !aliasing) {
      aliasing = true;
      try {
        this.route({ ...route, url: `${UPLOADS_PATH}/` });
      } finally {
        aliasing = false;
      }
    }
  });
}
