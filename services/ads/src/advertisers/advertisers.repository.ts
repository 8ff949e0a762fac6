import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import { deleteById, now, type Db } from '../db';

/** An advertiser with how many campaigns it has. */
function advertiserSelect(db: Db) {
  return db
    .selectFrom('advertisers as a')
    .select((eb) => [
      'a.id',
      'a.name',
      'a.website_url',
      'a.created_at',
      eb
        .selectFrom('campaigns as c')
        .whereRef('c.advertiser_id', '=', 'a.id')
        .select(eb.fn.countAll<string>().as('count'))
        .as('campaign_count'),
    ]);
}

export type AdvertiserRecord = Awaited<
  ReturnType<ReturnType<typeof advertiserSelect>['executeTakeFirstOrThrow']>
>;

/**
 * The advertisers table. Names are unique case-insensitively: a write repeating one fails with a
 * unique violation (isUniqueViolation), and deleting an advertiser that has campaigns with a
 * foreign key violation (isForeignKeyViolation).
 */
@Injectable()
export class AdvertisersRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** By name, case-insensitively. */
  list(): Promise<AdvertiserRecord[]> {
    return advertiserSelect(this.db)
      .orderBy((eb) => eb.fn('lower', ['a.name']))
      .orderBy('a.id')
      .execute();
  }

  find(id: number): Promise<AdvertiserRecord | undefined> {
    return advertiserSelect(this.db).where('a.id', '=', String(id)).executeTakeFirst();
  }

  async insert(advertiser: { name: string; website_url: string | null }): Promise<number> {
    const { id } = await this.db
      .insertInto('advertisers')
      .values(advertiser)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  }

  /** Sets the fields given (a null website removes it); false when there is no such advertiser. */
  async update(id: number, changes: { name?: string; website_url?: string | null }): Promise<boolean> {
    const updated = await this.db
      .updateTable('advertisers')
      .set({ ...changes, updated_at: now() })
      .where('id', '=', String(id))
      .returning('id')
      .executeTakeFirst();
    return updated !== undefined;
  }

  /** The advertiser as it is, locked (`for update`) until the caller's transaction ends. */
  lockForUpdate(id: number) {
    return this.db
      .selectFrom('advertisers')
      .select(['id', 'name', 'website_url'])
      .where('id', '=', String(id))
      .forUpdate()
      .executeTakeFirst();
  }

  /** False when there is no such advertiser. */
  delete(id: number): Promise<boolean> {
    return deleteById(this.db, 'advertisers', id);
  }

  /**
   * Whether the advertiser exists, share-locking its row so that it cannot be deleted before the
   * caller's transaction commits.
   */
  async lockShared(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('advertisers')
      .where('id', '=', String(id))
      .select('id')
      .forShare()
      .executeTakeFirst();
    return row !== undefined;
  }
}
