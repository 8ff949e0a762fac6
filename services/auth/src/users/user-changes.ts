import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { CONFIG, InvalidatedCache, PgListener } from '@kinora/common';
import type { Config } from '../config';
import { IdentityFeed } from '../sessions/identity-feed';
import type { UserDto } from './dto/user.dto';

/** Users kept in memory for GET /api/auth/user; beyond that the least recently read go. */
const CACHED_USERS = 50_000;

/**
 * Follows every committed change to a user (PostgreSQL channel kinora_users, notified by the
 * users table's trigger with "<user id>:<identity version>"), on every replica: the cached current
 * user is dropped, and identity changes go on to the gateways (IdentityFeed). While the listening
 * connection is down nothing is cached; when it is back, the cache starts empty and recent identity
 * changes are announced again, since notifications sent meanwhile are lost.
 */
@Injectable()
export class UserChanges implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(UserChanges.name);
  private readonly users = new InvalidatedCache<UserDto>(CACHED_USERS);
  private readonly listener: PgListener;

  constructor(
    private readonly feed: IdentityFeed,
    @Inject(CONFIG) config: Config,
  ) {
    this.listener = new PgListener({
      name: 'users',
      connectionString: config.DATABASE_URL,
      channels: ['kinora_users'],
      onNotification: (_channel, payload) => this.changed(payload),
      onListening: async () => {
        this.users.clear();
        await this.feed.announceRecent();
      },
      onLost: () => this.users.clear(),
    });
  }

  onApplicationBootstrap(): void {
    this.listener.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener.stop();
  }

  /** The user as GET /api/auth/user shows them, from memory while changes are being followed. */
  currentUser(userId: string, load: () => Promise<UserDto>): Promise<UserDto> {
    return this.listener.listening ? this.users.get(userId, load) : load();
  }

  /**
   * After this replica changed a user: drop the cached copy at once (the notification follows a
   * moment later), so the caller's next read sees the change.
   */
  forget(userId: string): void {
    this.users.evict(userId);
  }

  private changed(payload: string): void {
    const [userId, version] = payload.split(':');
    if (!userId) return;
    this.users.evict(userId);
    const identityVersion = Number(version);
    if (!Number.isSafeInteger(identityVersion)) return;
    this.feed.announce(userId, identityVersion).catch((error: unknown) => {
      // The gateways stop trusting cookies on their own while the stream is unreachable.
      this.logger.warn({ err: error, userId }, 'could not announce an identity change');
    });
  }
}
