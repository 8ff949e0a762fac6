import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AuditTrail, CONFIG, type Identity, type Role } from '@kinora/common';
import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { IdentityFeed } from './identity-feed';
import { Session } from './session.entity';
import { SessionsRepository, type SessionRecord } from './sessions.repository';
import { isBareToken, signSession, verifySession } from './session-token';

/** A session's last use is written at most this often. */
const LAST_SEEN_STEP_SECONDS = 60;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A live session: who holds it, and the cookie value (signed now) that vouches for it. */
export interface SignedSession {
  identity: Identity;
  cookie: string;
  /** When the session itself ends: the cookie's Max-Age. */
  expiresAt: Date;
}

/**
 * Sessions live in the database; the cookie carries the session's secret token plus the signed
 * claims that let the gateway trust it without asking (session-token.ts, docs/accounts.md).
 */
@Injectable()
export class SessionsService {
  private readonly logger = new Logger(SessionsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditTrail,
    private readonly feed: IdentityFeed,
    private readonly sessions: SessionsRepository,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** Opens a session for the user inside the caller's transaction; returns its signed cookie. */
  async open(em: EntityManager, userId: string, userAgent: string | undefined): Promise<SignedSession> {
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
    await em.flush();
    const row = await this.sessions.find(hashOf(token));
    return this.sign(token, row!);
  }

  /**
   * The session behind a cookie value (signed, expired or not, or a bare token from before signed
   * cookies), looked up in the database, with a freshly signed cookie; null when the cookie is not
   * ours or the session is unknown, expired or revoked.
   */
  async identify(cookie: string): Promise<SignedSession | null> {
    const claims = verifySession(cookie, this.config.SESSION_SIGNING_KEYS);
    const token = claims?.token ?? (isBareToken(cookie) ? cookie : undefined);
    if (!token) return null;
    const row = await this.sessions.findLive(hashOf(token));
    if (!row || (claims && claims.userId !== row.user_id)) return null;
    // "Last seen", for admins: not awaited, and one write a step at most.
    this.sessions
      .touch(hashOf(token), LAST_SEEN_STEP_SECONDS)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'could not mark a session as seen'));
    return this.sign(token, row);
  }

  /**
   * Revokes the session of a cookie (its token proves it, whatever the signature) and tells the
   * gateways at once; the users trigger has moved the user's identity version in the same commit.
   */
  async revoke(cookie: string): Promise<void> {
    const token = cookie.split('.')[0] ?? '';
    if (!isBareToken(token)) return;
    const userId = await this.sessions.revoke(hashOf(token));
    if (userId) await this.announce(userId);
  }

  /**
   * An admin ends every live session of a user, on the audit log; false when there is no such user.
   * Within `em` when given (a suspension's transaction), which then announces after its commit.
   */
  async revokeAll(userId: string, actorUserId: string, em?: EntityManager): Promise<boolean> {
    const revoke = async (tx: EntityManager) => {
      const email = await this.sessions.emailOf(userId);
      if (email === undefined) return false;
      const ended = await this.sessions.revokeAllOf(userId);
      if (!em) {
        this.audit.record(tx, {
          actorUserId,
          action: 'user.sessions-ended',
          target: { type: 'user', id: userId, label: email },
          details: { sessionsEnded: ended },
        });
      }
      return true;
    };
    if (em) return revoke(em);
    if (!(await this.em.fork().transactional(revoke))) return false;
    await this.announce(userId);
    return true;
  }

  /**
   * Every replica also announces a revocation when the change notification reaches it; saying it
   * here too keeps a logout quick even while this replica's listening connection is down.
   */
  async announce(userId: string): Promise<void> {
    try {
      const version = await this.feed.currentVersion(userId);
      if (version !== null) await this.feed.announce(userId, version);
    } catch (error) {
      this.logger.warn({ err: error, userId }, 'could not announce a revoked session');
    }
  }

  private sign(token: string, row: SessionRecord): SignedSession {
    const roles = [...(row.is_admin ? ['admin'] : []), ...row.roles] as Role[];
    const expiresAt = new Date(row.expires_at);
    const cookie = signSession(
      {
        token,
        userId: row.user_id,
        roles,
        identityVersion: Number(row.identity_version),
        expiresAt: Math.floor(
          Math.min(Date.now() + this.config.SESSION_TOKEN_TTL_SECONDS * 1000, expiresAt.getTime()) / 1000,
        ),
      },
      this.config.SESSION_SIGNING_KEYS,
    );
    return { identity: { userId: row.user_id, roles }, cookie, expiresAt };
  }
}
