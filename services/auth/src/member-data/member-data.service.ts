import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { AuditTrail, CONFIG, MailerService, OutboxService } from '@kinora/common';
import { UserDeletedSchema } from '@kinora/proto';
import { createHash } from 'node:crypto';
import type { Config } from '../config';
import { SessionsService } from '../sessions/sessions.service';
import { removeStoredAvatar } from '../users/avatar-image';
import { UserChanges } from '../users/user-changes';
import { User } from '../users/user.entity';
import { mapUser, toUserProfile } from '../users/user.mapper';
import { accountDeletedMail } from './account-deleted.mail';
import type { AuthExportDto } from './dto/member-data.dto';

/** The address a deleted account keeps: unique, and never deliverable (.invalid). */
export const tombstoneEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

/**
 * A member's own data (docs/accounts.md, "Your data"): auth's part of the archive, and deleting
 * the account, after which every service erases or anonymises what it holds (auth.user-deleted.v1).
 */
@Injectable()
export class MemberDataService {
  private readonly logger = new Logger(MemberDataService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditTrail,
    private readonly outbox: OutboxService,
    private readonly sessions: SessionsService,
    private readonly changes: UserChanges,
    private readonly mailer: MailerService,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** The account as kept; the export is on the audit log. */
  async export(userId: string): Promise<AuthExportDto> {
    const user = await this.em.fork().transactional(async (em) => {
      const user = await em.findOne(User, { id: userId, deletedAt: null });
      if (!user) throw new UnauthorizedException('Unauthorized');
      this.audit.record(em, {
        actorUserId: userId,
        action: 'account.exported',
        target: { type: 'user', id: userId, label: user.email },
      });
      return user;
    });
    return { account: { ...mapUser(user), createdAt: user.createdAt.toISOString() } };
  }

  /**
   * Deletes the account once `confirm` is its email address. In one transaction: the row is
   * anonymised (tombstone address, no names, picture or roles), every session ended,
   * auth.user-deleted.v1 and the audit entry written. Then the gateways are told, the picture
   * removed and the old address mailed goodbye.
   */
  async delete(userId: string, confirm: string): Promise<void> {
    const { email, profileImageUrl } = await this.em.fork().transactional(async (em) => {
      const user = await em.findOne(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!user || user.deletedAt) throw new UnauthorizedException('Unauthorized');
      if (confirm.trim().toLowerCase() !== user.email) {
        throw new BadRequestException('confirm must be the email address of your account');
      }
      const before = { email: user.email, profileImageUrl: user.profileImageUrl };
      const deletedAt = new Date();
      Object.assign(user, {
        email: tombstoneEmail(userId),
        firstName: null,
        lastName: null,
        profileImageUrl: null,
        isAdmin: false,
        roles: [],
        suspendedAt: null,
        suspensionReason: null,
        deletedAt,
        version: (BigInt(user.version) + 1n).toString(),
        updatedAt: deletedAt,
      });
      await em.flush();
      await this.sessions.revokeAll(userId, userId, em);
      this.outbox.add(
        em,
        UserDeletedSchema,
        create(UserDeletedSchema, {
          user: toUserProfile(user),
          version: BigInt(user.version),
          deletedAt: timestampFromDate(deletedAt),
          creatorId: BigInt(user.creatorId ?? 0),
          criticId: BigInt(user.criticId ?? 0),
          emailSha256: createHash('sha256').update(before.email).digest('hex'),
        }),
        userId,
      );
      // The log keeps that it happened, not who it was: the address is gone everywhere else too.
      this.audit.record(em, {
        actorUserId: userId,
        action: 'account.deleted',
        target: { type: 'user', id: userId, label: 'Deleted user' },
      });
      return before;
    });
    this.changes.forget(userId);
    await this.sessions.announce(userId);
    await removeStoredAvatar(profileImageUrl, this.config.MEDIA_ROOT).catch((error: unknown) =>
      this.logger.warn({ err: error, userId }, "could not remove a deleted account's avatar"),
    );
    await this.mailer.send(accountDeletedMail(email)).catch((error: unknown) => {
      this.logger.error({ err: error, userId }, 'could not send the account-deleted mail');
    });
  }
}
