import { Injectable } from '@nestjs/common';
import type { AuditAction } from '@kinora/contracts';
import type { AuditEntryDto, AuditQuery } from './dto/audit.dto';
import { AuditRepository, type AuditRecord } from './audit.repository';

export const AUDIT_DEFAULT_LIMIT = 50;

function mapEntry(row: AuditRecord): AuditEntryDto {
  return {
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    actor: row.actor_user_id
      ? {
          id: row.actor_user_id,
          email: row.actor_email,
          firstName: row.actor_first_name,
          lastName: row.actor_last_name,
        }
      : null,
    action: row.action as AuditAction,
    target: { type: row.target_type, id: row.target_id, label: row.target_label },
    reason: row.reason,
    details: row.details as Record<string, unknown>,
    service: row.producer,
  };
}

@Injectable()
export class AuditService {
  constructor(private readonly audit: AuditRepository) {}

  async list(query: AuditQuery): Promise<AuditEntryDto[]> {
    const rows = await this.audit.list({
      action: query.action,
      actorUserId: query.actorUserId,
      targetType: query.targetType,
      targetId: query.targetId,
      limit: query.limit ?? AUDIT_DEFAULT_LIMIT,
      offset: query.offset ?? 0,
    });
    return rows.map(mapEntry);
  }
}
