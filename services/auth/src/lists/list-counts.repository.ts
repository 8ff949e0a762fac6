import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db';

/** A member's watchlist and favorites counts, as social's lists report them. */
@Injectable()
export class ListCountsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** Applies the counts if their version is newer than the stored one (see the handler). */
  async apply(
    userId: string,
    watchlistCount: number,
    favoritesCount: number,
    version: bigint,
  ): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        watchlist_count: watchlistCount,
        favorites_count: favoritesCount,
        list_counts_version: version.toString(),
      })
      .where('id', '=', userId)
      .where('list_counts_version', '<', version.toString())
      .execute();
  }
}
