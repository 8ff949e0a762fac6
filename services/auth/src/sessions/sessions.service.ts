import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, type Identity, type Role } from '@kinora/common';
import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { Session } from './session.entity';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

@Injectable()
export class SessionsService {
  constructor(
    private readonly em: EntityManager,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** Opens a session for the user inside the caller's transaction; returns the cookie token. */
  open(em: EntityManager, userId: string, userAgent: string | undefined): { token: string; expiresAt: Date } {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.config.SESSION_TTL_DAYS * 24 * 3600 * 1000);
    em.persist(
      em.create(Session, {
        tokenHash: hashOf(token),
        userId,
        expiresAt,
        userAgent: userAgent?.slice(0, 512) ?? null,
      }),
    );
    return { token, expiresAt };
  }

  /** Who holds this token: null when it is unknown, expired or revoked. */
  async identify(token: string): Promise<Identity | null> {
    const [row] = await this.em.fork().execute<{ user_id: string; is_admin: boolean; roles: string[] }[]>(
      `select s.user_id, u.is_admin, u.roles from sessions s join users u on u.id = s.user_id
        where s.token_hash = ? and s.revoked_at is null and s.expires_at > now()`,
      [hashOf(token)],
    );
    if (!row) return null;
    const roles = [...(row.is_admin ? ['admin'] : []), ...row.roles] as Role[];
    return { userId: row.user_id, roles };
  }

  async revoke(token: string): Promise<void> {
    await this.em
      .fork()
      .execute('update sessions set revoked_at = now() where token_hash = ? and revoked_at is null', [
        hashOf(token),
      ]);
  }
}
