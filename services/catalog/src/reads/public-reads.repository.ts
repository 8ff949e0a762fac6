import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Db } from '../db';

/** What the public read cache asks of the database itself. */
@Injectable()
export class PublicReadsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /**
   * Whether the catalog_changed triggers are installed (public-reads.migration.ts adds them all at
   * once, so the films table's stands for every one).
   */
  async changeTriggersInstalled(): Promise<boolean> {
    const { found } = await this.db
      .selectNoFrom(
        sql<boolean>`exists (select 1 from pg_trigger where tgname = 'films_changed' and tgrelid = to_regclass('films'))`.as(
          'found',
        ),
      )
      .executeTakeFirstOrThrow();
    return found;
  }
}
