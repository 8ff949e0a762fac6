import { InjectQueryDb } from '@kinora/common';
import type { AuditAction } from '@kinora/contracts';
import { Injectable } from '@nestjs/common';
import type { Insertable } from 'kysely';
import type { DB } from '../database.gen';
import type { Db } from '../db';
import { sha256Of } from '../members/erased-members.repository';

/** What the log may be narrowed to. */
export interface AuditFilter {
  action?: AuditAction;
  actorUserId?: string;
  targetType?: string;
  targetId?: string;
  limit: number;
  offset: number;
}

/** The audit log: appended to, read newest first; never updated or deleted (its table refuses). */
@Injectable()
export class AuditRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** Appends the entry once per event: a redelivered event appends nothing. */
  async append(entry: Insertable<DB['audit_log']>): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values(entry)
      .onConflict((conflict) => conflict.column('event_id').doNothing())
      .execute();
  }

  /** Newest first (by when it was done), with the actor's account as admin knows it. */
  list(filter: AuditFilter) {
    let query = this.db
      .selectFrom('audit_log as a')
      .leftJoin('known_users as u', 'u.id', 'a.actor_user_id')
      .selectAll('a')
      // Entries about a member who deleted their account name them no more (the log is not rewritten).
      .select((eb) =>
        eb
          .case()
          .when(
            eb.exists(
              eb
                .selectFrom('erased_members as e')
                .select(eb.lit(1).as('one'))
                .where((inner) =>
                  inner.or([
                    inner.and([
                      inner('a.target_type', '=', 'user'),
                      inner('e.user_id', '=', inner.ref('a.target_id')),
                    ]),
                    inner('e.email_sha256', '=', sha256Of('a.target_label')),
                  ]),
                ),
            ),
          )
          .then('Deleted user')
          .else(eb.ref('a.target_label'))
          .end()
          .as('target_label'),
      )
      .select([
        'u.email as actor_email',
        'u.first_name as actor_first_name',
        'u.last_name as actor_last_name',
      ]);
    if (filter.action) query = query.where('a.action', '=', filter.action);
    if (filter.actorUserId) query = query.where('a.actor_user_id', '=', filter.actorUserId);
    if (filter.targetType) query = query.where('a.target_type', '=', filter.targetType);
    if (filter.targetId) query = query.where('a.target_id', '=', filter.targetId);
    return query
      .orderBy('a.at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
  }
}

export type AuditRecord = Awaited<ReturnType<AuditRepository['list']>>[number];
