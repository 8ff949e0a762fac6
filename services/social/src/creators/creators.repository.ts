import { InjectQueryDb } from '@kinora/common';
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
}
