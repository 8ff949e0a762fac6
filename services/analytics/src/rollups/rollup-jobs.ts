import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { JobHandlers } from '@kinora/common';
import type { RollupJobs } from './rollups.queue';

@Injectable()
export class RollupJobHandlers {
  constructor(private readonly em: EntityManager) {}

  handlers(): JobHandlers<RollupJobs> {
    return { 'platform-day': ({ day }) => this.recomputePlatformDay(day) };
  }

  /** Recomputes one day from the read models, so replays and duplicates cannot double-count. */
  async recomputePlatformDay(day: string): Promise<void> {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`bad day ${day}`);
    await this.em.fork().execute(
      `insert into platform_daily (day, new_users, computed_at)
       select ?::date, count(*), now() from known_users
        where registered_at >= ?::date and registered_at < ?::date + 1
       on conflict (day) do update set new_users = excluded.new_users, computed_at = excluded.computed_at`,
      [day, day, day],
    );
  }
}
