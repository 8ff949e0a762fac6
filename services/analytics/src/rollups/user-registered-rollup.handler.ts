import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext, JobQueue } from '@kinora/common';
import { topicOf, UserRegisteredSchema, type UserRegistered } from '@kinora/proto';
import { platformDayKey, ROLLUPS, type RollupJobs } from './rollups.queue';

/** A registration changes its day's platform rollup: ask the worker to recompute that day. */
@Controller()
export class UserRegisteredRollupHandler {
  constructor(@Inject(ROLLUPS) private readonly rollups: JobQueue<RollupJobs>) {}

  @EventPattern(topicOf(UserRegisteredSchema), { ledgerKey: 'UserRegisteredRollupHandler' })
  async handle(@Payload() event: UserRegistered, @Ctx() context: EventContext): Promise<void> {
    const registeredAt = event.user?.createdAt ? timestampDate(event.user.createdAt) : context.occurredAt;
    // Delayed so the users read model (another handler of the same event) has committed first;
    // a repeated job only recomputes the same figures.
    const day = registeredAt.toISOString().slice(0, 10);
    await this.rollups.add(
      'platform-day',
      { day },
      { delay: 2000, deduplication: { id: platformDayKey({ day }) } },
    );
  }
}
