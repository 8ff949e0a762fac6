import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AuditAction } from '@kinora/contracts';
import { AdminActionTakenSchema } from '@kinora/proto';
import { OutboxService } from '../messaging/outbox.service';

/** One entry of the audit log (docs/admin.md, "Audit log"). */
export interface AuditEntry {
  /** Who did it; null for the platform itself. */
  actorUserId: string | null;
  action: AuditAction;
  target: { type: string; id: string | number | bigint; label?: string };
  reason?: string | null;
  /** Anything else worth keeping, as a flat JSON object. */
  details?: Record<string, unknown>;
}

/**
 * Appends to the audit log, which admin keeps: an AdminActionTaken event through the outbox, in the
 * caller's transaction, so that the entry commits exactly when the action does.
 */
@Injectable()
export class AuditTrail {
  constructor(private readonly outbox: OutboxService) {}

  record(em: EntityManager, entry: AuditEntry): void {
    const targetId = String(entry.target.id);
    this.outbox.add(
      em,
      AdminActionTakenSchema,
      {
        actorUserId: entry.actorUserId ?? '',
        action: entry.action,
        targetType: entry.target.type,
        targetId,
        targetLabel: entry.target.label ?? '',
        reason: entry.reason ?? '',
        detailsJson: entry.details ? JSON.stringify(entry.details) : '',
      },
      `${entry.target.type}:${targetId}`,
    );
  }
}
