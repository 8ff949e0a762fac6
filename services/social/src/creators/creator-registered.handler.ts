import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { CreatorRegisteredSchema, topicOf, type CreatorRegistered } from '@kinora/proto';
import { CreatorsRepository } from './creators.repository';

/** Keeps the creators read model: follows are of creators catalog has registered. */
@Controller()
export class CreatorRegisteredHandler {
  constructor(private readonly creators: CreatorsRepository) {}

  @EventPattern(topicOf(CreatorRegisteredSchema), { ledgerKey: 'CreatorRegisteredHandler' })
  async handle(@Payload() event: CreatorRegistered, @Ctx() context: EventContext): Promise<void> {
    // A creator profile never changes owner; a replay changes nothing, and the follower version is
    // social's own.
    await this.creators.register({
      id: Number(event.creatorId),
      userId: event.userId,
      registeredAt: context.occurredAt,
    });
  }
}
