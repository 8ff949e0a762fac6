import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { topicOf, UserDeletedSchema, type UserDeleted } from '@kinora/proto';
import { AdEventsRepository } from './ad-events.repository';

/** A member deleted their account: their ad events are unlinked from them (applying it twice changes nothing). */
@Controller()
export class UserDeletedHandler {
  constructor(private readonly adEvents: AdEventsRepository) {}

  @EventPattern(topicOf(UserDeletedSchema), { ledgerKey: 'AdsUserDeletedHandler' })
  async handle(@Payload() event: UserDeleted): Promise<void> {
    const userId = event.user?.userId;
    if (!userId) throw new Error('auth.user-deleted.v1 without a user');
    await this.adEvents.unlink(userId);
  }
}
