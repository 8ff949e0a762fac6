import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { topicOf, UserDeletedSchema, type UserDeleted } from '@kinora/proto';
import { ErasedMembersRepository } from './erased-members.repository';

/**
 * A member deleted their account: the waitlist entry and feedback sent from their address go, and
 * the audit log shows them as "Deleted user" from now on (the log itself is never rewritten). Their
 * reports stay, naming the anonymised account. A redelivery changes nothing.
 */
@Controller()
export class UserDeletedHandler {
  constructor(private readonly erased: ErasedMembersRepository) {}

  @EventPattern(topicOf(UserDeletedSchema), { ledgerKey: 'AdminUserDeletedHandler' })
  async handle(@Payload() event: UserDeleted): Promise<void> {
    const userId = event.user?.userId;
    if (!userId) throw new Error('auth.user-deleted.v1 without a user');
    await this.erased.record(userId, event.emailSha256);
    if (event.emailSha256) await this.erased.removeByAddress(event.emailSha256);
  }
}
