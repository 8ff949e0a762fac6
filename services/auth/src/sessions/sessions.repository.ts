import { compiledRead, InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Db } from '../db';

/** A session with what its signed cookie says of its user (roles, identity version). */
function sessionSelect(db: Db['prepared']) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.user_id', 's.expires_at', 'u.is_admin', 'u.roles', 'u.identity_version']);
}

export type SessionRecord = Awaited<ReturnType<ReturnType<typeof sessionSelect>['executeTakeFirstOrThrow']>>;

/**
 * Sessions by the hash of their token, and the users' identity versions the gateways are told of
 * (the users trigger moves a version when a role changes or a session is revoked).
 */
@Injectable()
export class SessionsRepository {
  /** Every request's session check (hot: compiled once). */
  private readonly liveRead;

  constructor(@InjectQueryDb() private readonly db: Db) {
    this.liveRead = compiledRead(db, (p: { tokenHash: string }) =>
      sessionSelect(db)
        .where('s.token_hash', '=', p.tokenHash)
        .where('s.revoked_at', 'is', null)
        .where('s.expires_at', '>', sql<string>`now()`)
        .where('u.suspended_at', 'is', null),
    );
  }

  /** The session, whatever its state (the one just opened, in the caller's transaction). */
  find(tokenHash: string): Promise<SessionRecord | undefined> {
    return sessionSelect(this.db.prepared).where('s.token_hash', '=', tokenHash).executeTakeFirst();
  }

  /** The session if it is neither revoked nor expired: every request's session check. */
  async findLive(tokenHash: string): Promise<SessionRecord | undefined> {
    const [session] = await this.liveRead({ tokenHash });
    return session;
  }

  /** Marks the session used now, unless it was within the last `stepSeconds` (one write a step at most). */
  async touch(tokenHash: string, stepSeconds: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: sql<string>`now()` })
      .where('token_hash', '=', tokenHash)
      .where((eb) =>
        eb.or([
          eb('last_seen_at', 'is', null),
          eb('last_seen_at', '<', sql<string>`now() - make_interval(secs => ${stepSeconds})`),
        ]),
      )
      .execute();
  }

  /** Revokes a live session; its user's id, or undefined when it was unknown or already revoked. */
  async revoke(tokenHash: string): Promise<string | undefined> {
    const revoked = await this.db
      .updateTable('sessions')
      .set({ revoked_at: sql<string>`now()` })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    return revoked?.user_id;
  }

  /** Revokes every live session of the user; how many there were. */
  async revokeAllOf(userId: string): Promise<number> {
    const revoked = await this.db
      .updateTable('sessions')
      .set({ revoked_at: sql<string>`now()` })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<string>`now()`)
      .executeTakeFirst();
    return Number(revoked.numUpdatedRows);
  }

  /** The user's email, or undefined when there is no such user. */
  async emailOf(userId: string): Promise<string | undefined> {
    const user = await this.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirst();
    return user?.email;
  }

  /** The user's identity version, or null when there is no such user. */
  async identityVersion(userId: string): Promise<number | null> {
    const user = await this.db
      .selectFrom('users')
      .select('identity_version')
      .where('id', '=', userId)
      .executeTakeFirst();
    return user ? Number(user.identity_version) : null;
  }

  /** Users whose identity changed within the last `seconds`, with their current versions. */
  async identityChangesWithin(seconds: number): Promise<{ userId: string; identityVersion: number }[]> {
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'identity_version'])
      .where('identity_changed_at', '>', sql<string>`now() - make_interval(secs => ${seconds})`)
      .execute();
    return rows.map((row) => ({ userId: row.id, identityVersion: Number(row.identity_version) }));
  }
}
