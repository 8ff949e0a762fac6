import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { AuditTrail, MailerService, type Mail } from '@kinora/common';
import { ADMIN_LIST_DEFAULT_LIMIT, type UserRole } from '@kinora/contracts';
import { SessionsService } from '../sessions/sessions.service';
import { UserChanges } from '../users/user-changes';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { AccountsRepository, type AccountRecord } from './accounts.repository';
import type { AccountDto, AccountsQuery } from './dto/account.dto';
import { reinstatedMail, suspendedMail } from './suspension.mail';

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function mapAccount(row: AccountRecord): AccountDto {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isAdmin: row.is_admin,
    roles: row.roles,
    creatorId: row.creator_id === null ? null : Number(row.creator_id),
    criticId: row.critic_id === null ? null : Number(row.critic_id),
    createdAt: new Date(row.created_at).toISOString(),
    lastSeenAt: iso(row.last_seen_at),
    openSessions: row.open_sessions ?? 0,
    suspendedAt: iso(row.suspended_at),
    suspensionReason: row.suspension_reason,
  };
}

/**
 * Admins manage accounts: find them, suspend and reinstate them, grant and take away the creator
 * and critic roles. Each change is on the audit log in its own transaction; admins themselves are
 * set by ADMIN_EMAILS and are not suspended here.
 */
@Injectable()
export class AccountsService {
  private readonly logger = new Logger(AccountsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditTrail,
    private readonly accounts: AccountsRepository,
    private readonly users: UsersService,
    private readonly changes: UserChanges,
    private readonly sessions: SessionsService,
    private readonly mailer: MailerService,
  ) {}

  async search(query: AccountsQuery): Promise<AccountDto[]> {
    const rows = await this.accounts.search(
      query.q,
      query.limit ?? ADMIN_LIST_DEFAULT_LIMIT,
      query.offset ?? 0,
    );
    return rows.map(mapAccount);
  }

  /**
   * Suspends the account: it cannot sign in, every session ends (the gateways stop honouring them
   * within a second) and its holder is mailed why. Suspending a suspended account changes nothing.
   */
  async suspend(userId: string, reason: string, actorUserId: string): Promise<AccountDto> {
    const changed = await this.change(userId, async (em, user) => {
      if (user.isAdmin) {
        throw new ConflictException(
          `${user.email} is an admin: admins are set by ADMIN_EMAILS, so take the address out there first`,
        );
      }
      if (user.suspendedAt) return false;
      user.suspendedAt = new Date();
      user.suspensionReason = reason;
      await em.flush();
      await this.sessions.revokeAll(userId, actorUserId, em);
      this.audit.record(em, {
        actorUserId,
        action: 'user.suspended',
        target: { type: 'user', id: userId, label: user.email },
        reason,
      });
      return suspendedMail(user.email, reason);
    });
    await this.sessions.announce(userId);
    return changed;
  }

  /** Lifts the suspension: the holder may sign in again (and is mailed so). */
  async unsuspend(userId: string, actorUserId: string): Promise<AccountDto> {
    return this.change(userId, async (em, user) => {
      if (!user.suspendedAt) return false;
      user.suspendedAt = null;
      user.suspensionReason = null;
      await em.flush();
      this.audit.record(em, {
        actorUserId,
        action: 'user.unsuspended',
        target: { type: 'user', id: userId, label: user.email },
      });
      return reinstatedMail(user.email);
    });
  }

  /** Grants or takes away the creator or critic role (what the member's screens follow). */
  async setRole(userId: string, role: UserRole, granted: boolean, actorUserId: string): Promise<AccountDto> {
    return this.change(userId, async (em, user) => {
      if (!(await this.users.setRole(em, user, role, granted))) return false;
      this.audit.record(em, {
        actorUserId,
        action: granted ? 'role.granted' : 'role.revoked',
        target: { type: 'user', id: userId, label: user.email },
        details: { role },
      });
      return true;
    });
  }

  /**
   * Runs `apply` on the locked user in one transaction; when it changed something (a mail to send,
   * or true), the cached user is dropped and the mail sent after the commit. The account as it is
   * afterwards.
   */
  private async change(
    userId: string,
    apply: (em: EntityManager, user: User) => Promise<Mail | boolean>,
  ): Promise<AccountDto> {
    const outcome = await this.em.fork().transactional(async (em) => {
      const user = await em.findOne(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!user) throw new NotFoundException(`User ${userId} not found`);
      return apply(em, user);
    });
    if (outcome !== false) this.changes.forget(userId);
    if (typeof outcome === 'object') {
      await this.mailer.send(outcome).catch((error: unknown) => {
        this.logger.error({ err: error, userId }, `could not send "${outcome.subject}"`);
      });
    }
    const row = await this.accounts.find(userId);
    return mapAccount(row!);
  }
}
