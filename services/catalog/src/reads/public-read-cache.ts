import { Inject, Injectable, Logger } from '@nestjs/common';
import { CONFIG, NotifiedCache, type CacheArea, type Identity } from '@kinora/common';
import type { Config } from '../config';
import { PublicReadsRepository } from './public-reads.repository';

/**
 * The channel the catalog's change triggers notify when a change commits (public-reads.migration.ts):
 * any change to a table public reads are made from.
 */
export const CATALOG_CHANGED_CHANNEL = 'catalog_changed';

/**
 * Whether the caller gets what everyone without a role sees. A creator also sees their own
 * unpublished films and an admin everything, so their reads never touch the shared cache.
 */
export function isPublicCaller(viewer: Identity | null): boolean {
  return !viewer || !viewer.roles.some((role) => role === 'admin' || role === 'creator');
}

/**
 * The in-process cache of public reads (film lists, search, trending, film and creator pages) as
 * served to anonymous visitors and members without the creator or admin role; rules in
 * docs/catalog.md.
 *
 * - Keyed by the read's normalised query (its validated parameters, defaults filled in).
 * - Cleared, in every replica, by PostgreSQL NOTIFY (a NotifiedCache): statement triggers on each
 *   table these reads come from notify `catalog_changed` when a change commits; nothing is cached
 *   while not listening. A write over HTTP also clears this process's cache before its answer goes
 *   out (app.module.ts), so the writer's next read sees it even before the notification arrives.
 * - Concurrent misses of a key share one query; a query that overlapped a clear serves its own
 *   callers but is not kept.
 * - Bounded by PUBLIC_READ_CACHE_MAX_ENTRIES, least recently used out.
 * - Values are frozen when kept: every caller gets the same objects.
 * - PUBLIC_READ_CACHE=off: every read is a database read, and there is no listener. So it is,
 *   with a warning, on a database whose change triggers are missing (migrations not applied).
 */
@Injectable()
export class PublicReadCache extends NotifiedCache {
  private readonly logger = new Logger(PublicReadCache.name);
  readonly enabled: boolean;
  private readonly entries: CacheArea<object>;

  constructor(
    @Inject(CONFIG) config: Config,
    private readonly reads: PublicReadsRepository,
  ) {
    super({
      name: 'public read cache',
      connectionString: config.DATABASE_URL,
      channel: CATALOG_CHANGED_CHANNEL,
    });
    this.enabled = config.PUBLIC_READ_CACHE === 'on';
    this.entries = this.area(config.PUBLIC_READ_CACHE_MAX_ENTRIES);
  }

  override async onApplicationBootstrap(): Promise<void> {
    if (!this.enabled) return;
    // The triggers come with a migration (all at once); without them no change would reach it.
    if (!(await this.reads.changeTriggersInstalled())) {
      this.logger.warn(
        'the catalog_changed triggers are missing (migrations not applied?): public reads go uncached',
      );
      return;
    }
    super.onApplicationBootstrap();
  }

  /** How many reads it holds. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The read named `key`. A public caller gets the public answer, `load(null)`, shared through the
   * cache while it is on; a creator or an admin gets `load(viewer)`, never cached.
   */
  read<T extends object>(
    viewer: Identity | null,
    key: string,
    load: (viewer: Identity | null) => Promise<T>,
  ): Promise<T> {
    if (!isPublicCaller(viewer)) return load(viewer);
    // The public answer for them either way, as the gateway's micro-cache gives them.
    if (!this.enabled) return load(null);
    return this.entries.get(key, () => load(null).then(deepFreeze)) as Promise<T>;
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
