import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { topicOf, UserDeletedSchema, type UserDeleted } from '@kinora/proto';
import { CreatorsRepository } from './creators.repository';

/** What a deleted member's creator profile says instead of their own words. */
export const DELETED_CREATOR_BIO = 'This creator has left Kinora.';

/**
 * A member deleted their account: their creator profile, if any, loses its bio, website and links;
 * its films stay as they are, shown under the anonymised account (docs/accounts.md, "Your data").
 * The users read model itself is anonymised by KnownUsersModule. Applying it twice changes nothing.
 */
@Controller()
export class UserDeletedHandler {
  constructor(private readonly creators: CreatorsRepository) {}

  @EventPattern(topicOf(UserDeletedSchema), { ledgerKey: 'CatalogUserDeletedHandler' })
  async handle(@Payload() event: UserDeleted): Promise<void> {
    const userId = event.user?.userId;
    if (!userId) throw new Error('auth.user-deleted.v1 without a user');
    await this.creators.anonymiseOf(userId, DELETED_CREATOR_BIO);
  }
}
