import { InjectQueryDb, takeExcluded } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db';

/** The creators read model: who owns each creator profile catalog has registered. */
@Injectable()
export class CreatorsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** A creator profile never changes owner: a replay changes nothing. */
  async register(creator: { id: number; userId: string; registeredAt: Date }): Promise<void> {
    await this.db
      .insertInto('creators')
      .values({ id: creator.id, user_id: creator.userId, registered_at: creator.registeredAt.toISOString() })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }

  /**
   * Whether the creator is suspended, from catalog's standing events: only a version higher than
   * the stored one changes it. A creator not registered here yet is kept, dated by the event.
   */
  async applyStanding(standing: {
    id: number;
    userId: string;
    suspended: boolean;
    version: bigint;
    changedAt: Date;
  }): Promise<void> {
    await this.db
      .insertInto('creators')
      .values({
        id: standing.id,
        user_id: standing.userId,
        registered_at: standing.changedAt.toISOString(),
        suspended: standing.suspended,
        standing_version: standing.version.toString(),
      })
      .onConflict((conflict) =>
        conflict
          .column('id')
          .doUpdateSet((eb) => takeExcluded(eb, ['suspended', 'standing_version']))
          .whereRef('creators.standing_version', '<', 'excluded.standing_version'),
      )
      .execute();
  }
}
