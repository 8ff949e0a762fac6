import type { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import { PgListener } from '../database/pg-listener';
import { InvalidatedCache } from './invalidated-cache';

/** One keyed part of a NotifiedCache (its own size bound), emptied with the others. */
export interface CacheArea<V extends object> {
  /** The entry, loaded once by concurrent misses; straight from `load` while not listening. */
  get(key: string, load: () => Promise<V>): Promise<V>;
  readonly size: number;
}

/**
 * In-process read caches emptied, in every replica, when the data behind them changes: a
 * PostgreSQL channel that the owner's tables notify on commit (a statement trigger per table).
 * While the listening connection is down nothing is served from or kept in the cache, since a
 * change could go unnoticed, and it starts empty when the connection is back. The owner clears it
 * itself too right after its own writes, so the writer's next read sees them before the
 * notification arrives. A provider extends it: it listens from the application's bootstrap to its
 * shutdown. Catalog's public reads and ads' delivery are ones.
 */
export abstract class NotifiedCache implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly areas: { clear(): void }[] = [];
  private readonly listener: PgListener;

  constructor(options: { name: string; connectionString: string; channel: string }) {
    this.listener = new PgListener({
      name: options.name,
      connectionString: options.connectionString,
      channels: [options.channel],
      onNotification: () => this.clear(),
      onListening: () => this.clear(),
      onLost: () => this.clear(),
    });
  }

  /** A part of up to `max` entries, least recently used out. */
  protected area<V extends object>(max: number): CacheArea<V> {
    const entries = new InvalidatedCache<V>(max);
    this.areas.push(entries);
    return {
      get: (key, load) => (this.active ? entries.get(key, load) : load()),
      get size() {
        return entries.size;
      },
    };
  }

  onApplicationBootstrap(): void {
    this.listener.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.listener.stop();
  }

  /** Whether entries are served and kept right now (started, and listening). */
  get active(): boolean {
    return this.listener.listening;
  }

  /** Forgets every entry, including loads still running (they answer their own callers only). */
  clear(): void {
    for (const area of this.areas) area.clear();
  }
}
