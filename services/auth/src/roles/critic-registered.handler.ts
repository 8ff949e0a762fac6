import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { CriticRegisteredSchema, topicOf, type CriticRegistered } from '@kinora/proto';
import { UsersService } from '../users/users.service';

/**
 * Social accepted a critic invitation: the invited address gets an account if it has none (named
 * as the critic gave), and the critic role. A replay finds both done and changes nothing.
 */
@Controller()
export class CriticRegisteredHandler {
  constructor(private readonly users: UsersService) {}

  @EventPattern(topicOf(CriticRegisteredSchema), { ledgerKey: 'CriticRegisteredHandler' })
  handle(@Payload() event: CriticRegistered, @Ctx() context: EventContext): Promise<void> {
    return this.users.registerCritic(
      context.em,
      event.email,
      { firstName: event.firstName, lastName: event.lastName },
      String(event.criticId),
    );
  }
}
