import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, RedisService } from '@kinora/common';
import { IDENTITY_CHANGES_STREAM } from '@kinora/contracts';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config';
import { SessionsRepository } from './sessions.repository';

/** Entries are kept a minute longer than a signed cookie lives (the gateway reads back as much). */
const MARGIN_MS = 60_000;

/**
 * Tells the gateways that a user's identity moved to a new version (a role changed, a session was
 * revoked), on the Redis stream gateway/identity-marks.ts follows; a cookie signed at an older
 * version is then sent back to auth. Every replica forwards every change it hears of: the gateway
 * keeps the highest version, so repeats are harmless, and the stream is trimmed to a cookie's life.
 */
@Injectable()
export class IdentityFeed {
  /** The last version this replica announced per user, so a profile edit announces nothing. */
  private readonly announced = new LRUCache<string, number>({ max: 10_000 });
  private readonly retentionMs: number;

  constructor(
    private readonly redis: RedisService,
    private readonly sessions: SessionsRepository,
    @Inject(CONFIG) config: Config,
  ) {
    this.retentionMs = config.SESSION_TOKEN_TTL_SECONDS * 1000 + MARGIN_MS;
  }

  async announce(userId: string, identityVersion: number): Promise<void> {
    if ((this.announced.get(userId) ?? -1) >= identityVersion) return;
    await this.redis.client.xadd(
      IDENTITY_CHANGES_STREAM,
      'MINID',
      '~',
      String(Date.now() - this.retentionMs),
      '*',
      'user',
      userId,
      'version',
      String(identityVersion),
    );
    this.announced.set(userId, identityVersion);
  }

  /** Announces again every change still within a cookie's life (after notifications may have been missed). */
  async announceRecent(): Promise<number> {
    this.announced.clear();
    const changes = await this.sessions.identityChangesWithin(this.retentionMs / 1000);
    for (const change of changes) await this.announce(change.userId, change.identityVersion);
    return changes.length;
  }

  /** The user's current identity version (after a change this replica made). */
  currentVersion(userId: string): Promise<number | null> {
    return this.sessions.identityVersion(userId);
  }
}
