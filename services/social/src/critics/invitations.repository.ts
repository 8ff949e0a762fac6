import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db';

/** Critic invitations, each stored by its token's digest only. */
@Injectable()
export class InvitationsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** Stores a fresh invitation for the address; any earlier unused one stops working. */
  async replace(invitation: { email: string; tokenHash: string; invitedBy: string; expiresAt: Date }) {
    await this.db
      .deleteFrom('critic_invitations')
      .where('email', '=', invitation.email)
      .where('used_at', 'is', null)
      .execute();
    const { id } = await this.db
      .insertInto('critic_invitations')
      .values({
        email: invitation.email,
        token_hash: invitation.tokenHash,
        invited_by: invitation.invitedBy,
        expires_at: invitation.expiresAt.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  find(tokenHash: string) {
    return this.db
      .selectFrom('critic_invitations')
      .select(['email', 'expires_at', 'used_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /**
   * Uses up the invitation if it is unused and unexpired, in one conditional update (of two
   * concurrent calls exactly one wins); answers its address, or undefined.
   */
  async use(tokenHash: string): Promise<string | undefined> {
    const used = await this.db
      .updateTable('critic_invitations')
      .set((eb) => ({ used_at: eb.fn('now') }))
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', (eb) => eb.fn('now'))
      .returning('email')
      .executeTakeFirst();
    return used?.email;
  }
}

export type InvitationRecord = NonNullable<Awaited<ReturnType<InvitationsRepository['find']>>>;
