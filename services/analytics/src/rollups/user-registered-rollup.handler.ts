import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Inject, Injectable } from '@nestjs/common';
import type { EventContext, EventHandler, JobQueue } from '@kinora/common';
import { UserRegisteredSchema, type UserRegistered } from '@kinora/proto';
import { ROLLUPS, type RollupJobs } from './rollups.queue';

/** A registration changes its day's platform rollup: ask the worker to recompute that day. */
@Injectable()
export class UserRegisteredRollupHandler implements EventHandler<typeof UserRegisteredSchema> {
  readonly schema = UserRegisteredSchema;

  constructor(@Inject(ROLLUPS) private readonly rollups: JobQueue<RollupJobs>) {}

  async handle(event: UserRegistered, context: EventContext): Promise<void> {
    const registeredAt = event.user?.createdAt ? timestampDate(event.user.createdAt) : context.occurredAt;
    // Delayed so the users read model (another handler of the same event) has committed first;
    // a repeated job only recomputes the same figures.
    await this.rollups.add('platform-day', { day: registeredAt.toISOString().slice(0, 10) }, { delay: 2000 });
  }
}
