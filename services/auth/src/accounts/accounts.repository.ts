import { InjectQueryDb } from '@kinora/common';
import type { UserRole } from '@kinora/contracts';
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Db } from '../db';

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Accounts as admins manage them: each with its open sessions and when it was last seen. */
@Injectable()
export class AccountsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  private select() {
    return this.db.selectFrom('users as u').select((eb) => [
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.is_admin',
      eb.ref('u.roles').$castTo<UserRole[]>().as('roles'),
      'u.creator_id',
      'u.critic_id',
      'u.created_at',
      'u.suspended_at',
      'u.suspension_reason',
      eb
        .selectFrom('sessions as s')
        .whereRef('s.user_id', '=', 'u.id')
        .where('s.revoked_at', 'is', null)
        .where('s.expires_at', '>', sql<string>`now()`)
        .select(sql<number>`count(*)::int`.as('n'))
        .as('open_sessions'),
      eb
        .selectFrom('sessions as s')
        .whereRef('s.user_id', '=', 'u.id')
        .select(sql<string | null>`max(coalesce(s.last_seen_at, s.created_at))`.as('at'))
        .as('last_seen_at'),
    ]);
  }

  /** Newest sign-ups first; `query` matches a part of the email or the names, in any case. */
  search(query: string | undefined, limit: number, offset: number) {
    let select = this.select();
    if (query) {
      select = select.where(
        sql<boolean>`(u.email || ' ' || coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) ilike ${`%${likeLiteral(query)}%`}`,
      );
    }
    return select.orderBy('u.created_at', 'desc').orderBy('u.id').limit(limit).offset(offset).execute();
  }

  find(userId: string) {
    return this.select().where('u.id', '=', userId).executeTakeFirst();
  }
}

export type AccountRecord = NonNullable<Awaited<ReturnType<AccountsRepository['find']>>>;
