import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditTrail, OutboxService } from '@kinora/common';
import { ADMIN_LIST_DEFAULT_LIMIT, type AuditAction } from '@kinora/contracts';
import { CreatorStandingChangedSchema } from '@kinora/proto';
import { creatorLabel, mapAdminCreator, type AdminCreatorDto } from './creator.mapper';
import { CreatorsRepository } from './creators.repository';
import type { AdminCreatorsQuery } from './dto/admin-creator.dto';

type StandingChange = { verified: boolean } | { suspendedFor: string | null };

/**
 * What admins decide about a creator (docs/admin.md, "Creators"): the verified tick and the
 * suspension. Each change raises the creator's standing version, announces the standing as
 * catalog.creator-standing-changed.v1 and appends to the audit log (an admin's change; the demo
 * seed's is the platform's own and is not), all in one transaction; a change to the state the
 * creator is already in does nothing.
 */
@Injectable()
export class CreatorStandingService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly audit: AuditTrail,
    private readonly creators: CreatorsRepository,
  ) {}

  async list(query: AdminCreatorsQuery): Promise<AdminCreatorDto[]> {
    const rows = await this.creators.listForAdmin({
      q: query.q,
      verified: query.verified === undefined ? undefined : query.verified === 'true',
      suspended: query.suspended === undefined ? undefined : query.suspended === 'true',
      limit: query.limit ?? ADMIN_LIST_DEFAULT_LIMIT,
      offset: query.offset ?? 0,
    });
    return rows.map(mapAdminCreator);
  }

  /** `actorUserId` null: the platform itself (the demo seed), which the audit log does not record. */
  setVerified(id: number, verified: boolean, actorUserId: string | null): Promise<AdminCreatorDto> {
    return this.change(id, actorUserId, { verified }, (creator) =>
      creator.is_verified === verified ? 'unchanged' : verified ? 'creator.verified' : 'creator.unverified',
    );
  }

  /** A creator already suspended is a 409: the new reason would otherwise be dropped unseen. */
  suspend(id: number, reason: string, actorUserId: string): Promise<AdminCreatorDto> {
    return this.change(id, actorUserId, { suspendedFor: reason }, (creator) => {
      if (creator.suspended_at !== null) throw new ConflictException(`Creator ${id} is already suspended`);
      return 'creator.suspended';
    });
  }

  unsuspend(id: number, actorUserId: string): Promise<AdminCreatorDto> {
    return this.change(id, actorUserId, { suspendedFor: null }, (creator) =>
      creator.suspended_at === null ? 'unchanged' : 'creator.unsuspended',
    );
  }

  /**
   * Locks the creator, asks `action` what the change is (its audit action, or unchanged), then
   * applies it with its event and audit entry; answers the creator as the admins' list shows it.
   */
  private async change(
    id: number,
    actorUserId: string | null,
    change: StandingChange,
    action: (
      creator: NonNullable<Awaited<ReturnType<CreatorsRepository['lockStanding']>>>,
    ) => AuditAction | 'unchanged',
  ): Promise<AdminCreatorDto> {
    await this.em.fork().transactional(async (em) => {
      const creator = await this.creators.lockStanding(id);
      if (!creator) throw new NotFoundException(`Creator ${id} not found`);
      const done = action(creator);
      if (done === 'unchanged') return;
      const standing = await this.creators.changeStanding(id, change);
      this.outbox.add(
        em,
        CreatorStandingChangedSchema,
        {
          creatorId: BigInt(standing.id),
          userId: standing.user_id,
          isVerified: standing.is_verified,
          isSuspended: standing.suspended,
          version: BigInt(standing.standing_version),
        },
        String(id),
      );
      if (actorUserId === null) return;
      this.audit.record(em, {
        actorUserId,
        action: done,
        target: { type: 'creator', id, label: creatorLabel(creator) },
        reason: 'suspendedFor' in change ? change.suspendedFor : null,
      });
    });
    const row = await this.creators.findForAdmin(id);
    return mapAdminCreator(row!);
  }
}
