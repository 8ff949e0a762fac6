import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db';

/** What social erases of a member who deleted their account (docs/community.md, "Deleted accounts"). */
@Injectable()
export class MemberErasureRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** Removes the member's follows of creators; the creators whose count changed. */
  async removeFollows(userId: string): Promise<number[]> {
    const rows = await this.db
      .deleteFrom('follows')
      .where('user_id', '=', userId)
      .returning('creator_id')
      .execute();
    return rows.map((row) => row.creator_id);
  }

  /** Removes the member's likes, follows of critics, lists and notifications (counts are read live). */
  async removeTies(userId: string): Promise<void> {
    await this.db.deleteFrom('likes').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('critic_follows').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('list_entries').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('watch_progress_marks').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('notifications').where('user_id', '=', userId).execute();
  }

  /**
   * The member's critic profile keeps its reviews under "Deleted critic": the address (and the
   * invitations sent to it), the names and everything they wrote about themselves go.
   */
  async anonymiseCritic(criticId: number, tombstoneEmail: string): Promise<void> {
    const critic = await this.db
      .selectFrom('critics')
      .select('email')
      .where('id', '=', criticId)
      .forUpdate()
      .executeTakeFirst();
    if (!critic) return;
    await this.db.deleteFrom('critic_invitations').where('email', '=', critic.email).execute();
    await this.db
      .updateTable('critics')
      .set((eb) => ({
        email: tombstoneEmail,
        first_name: 'Deleted',
        last_name: 'critic',
        bio: '',
        website: null,
        expertise: [],
        social_links: JSON.stringify({}),
        is_verified: false,
        updated_at: eb.fn('now'),
      }))
      .where('id', '=', criticId)
      .execute();
  }
}
