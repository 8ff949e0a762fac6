import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { CreatorRegisteredSchema, topicOf, type CreatorRegistered } from '@kinora/proto';

/** Keeps the creators read model: follows are of creators catalog has registered. */
@Controller()
export class CreatorRegisteredHandler {
  @EventPattern(topicOf(CreatorRegisteredSchema), { ledgerKey: 'CreatorRegisteredHandler' })
  async handle(@Payload() event: CreatorRegistered, @Ctx() context: EventContext): Promise<void> {
    // A creator profile never changes owner; a replay changes nothing, and the follower version is
    // social's own.
    await context.em.execute(
      `insert into creators (id, user_id, registered_at) values (?, ?, ?) on conflict (id) do nothing`,
      [Number(event.creatorId), event.userId, context.occurredAt],
    );
  }
}
