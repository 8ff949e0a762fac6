import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { CreatorRegisteredSchema, topicOf, type CreatorRegistered } from '@kinora/proto';
import { UsersService } from '../users/users.service';

/** Catalog registered a creator profile: the user now holds the creator role. */
@Controller()
export class CreatorRegisteredHandler {
  constructor(private readonly users: UsersService) {}

  @EventPattern(topicOf(CreatorRegisteredSchema), { ledgerKey: 'CreatorRegisteredHandler' })
  handle(@Payload() event: CreatorRegistered, @Ctx() context: EventContext): Promise<void> {
    return this.users.grantRole(context.em, event.userId, 'creator', event.creatorId);
  }
}
