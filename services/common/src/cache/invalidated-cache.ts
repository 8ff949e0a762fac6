import { LRUCache } from 'lru-cache';

/**
 * An in-process read cache whose entries live until the data behind them changes: the owner
 * evicts (typically on a PostgreSQL notification, see PgListener) instead of waiting out a TTL.
 * Concurrent misses of one key share one load, and a load that overlapped an eviction is handed
 * to its callers but not kept, so a read from before a change never outlives the change.
 */
export class InvalidatedCache<V extends object> {
  private readonly entries: LRUCache<string, V>;
  private readonly loading = new Map<string, Promise<V>>();
  /** Moves on every eviction; a load keeps its result only if it did not move meanwhile. */
  private epoch = 0;

  constructor(max: number) {
    this.entries = new LRUCache<string, V>({ max });
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const pending = this.loading.get(key);
    if (pending) return pending;
    const epoch = this.epoch;
    const loaded = load()
      .then((value) => {
        if (this.epoch === epoch) this.entries.set(key, value);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
      });
    this.loading.set(key, loaded);
    return loaded;
  }

  evict(key: string): void {
    this.epoch += 1;
    this.entries.delete(key);
    this.loading.delete(key);
  }

  clear(): void {
    this.epoch += 1;
    this.entries.clear();
    this.loading.clear();
  }
}
