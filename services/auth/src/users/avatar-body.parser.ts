import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { AVATAR_MAX_BYTES } from '@kinora/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * Lets image bodies in (raw bytes, up to AVATAR_MAX_BYTES; larger ones get a JSON 413): the avatar
 * upload sends the file itself with its image/* content type.
 */
@Injectable()
export class AvatarBodyParser implements OnModuleInit {
  constructor(private readonly adapter: HttpAdapterHost) {}

  onModuleInit(): void {
    // A bare application context (seed, scripts, consumer-only tests) has no HTTP server.
    const fastify = this.adapter.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify || fastify.hasContentTypeParser('image/png')) return;
    fastify.addContentTypeParser(
      /^image\/[\w.+-]+$/i,
      { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
  }
}
