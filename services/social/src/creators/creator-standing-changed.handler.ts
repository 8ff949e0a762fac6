import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { CreatorStandingChangedSchema, topicOf, type CreatorStandingChanged } from '@kinora/proto';
import { CreatorsRepository } from './creators.repository';

/** Keeps whether each creator is suspended: social's public film reads leave their films out. */
@Controller()
export class CreatorStandingChangedHandler {
  constructor(private readonly creators: CreatorsRepository) {}

  @EventPattern(topicOf(CreatorStandingChangedSchema), { ledgerKey: 'CreatorStandingChangedHandler' })
  async handle(@Payload() event: CreatorStandingChanged, @Ctx() context: EventContext): Promise<void> {
    await this.creators.applyStanding({
      id: Number(event.creatorId),
      userId: event.userId,
      suspended: event.isSuspended,
      version: event.version,
      changedAt: context.occurredAt,
    });
  }
}
