import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { AdminActionTakenSchema, topicOf, type AdminActionTaken } from '@kinora/proto';
import { AuditRepository } from './audit.repository';

/** Parses the event's details; anything but a JSON object is kept whole under "raw". */
function details(json: string): Record<string, unknown> {
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : { raw: json };
  } catch {
    return { raw: json };
  }
}

/** Every service's admin actions, appended to the audit log once each (keyed by the event's id). */
@Controller()
export class AdminActionTakenHandler {
  constructor(private readonly audit: AuditRepository) {}

  @EventPattern(topicOf(AdminActionTakenSchema), { ledgerKey: 'AdminActionTakenHandler' })
  async handle(@Payload() event: AdminActionTaken, @Ctx() context: EventContext): Promise<void> {
    await this.audit.append({
      event_id: context.eventId,
      at: context.occurredAt.toISOString(),
      producer: context.producer,
      actor_user_id: event.actorUserId || null,
      action: event.action,
      target_type: event.targetType,
      target_id: event.targetId,
      target_label: event.targetLabel,
      reason: event.reason,
      details: JSON.stringify(details(event.detailsJson)),
    });
  }
}
