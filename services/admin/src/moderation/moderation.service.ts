import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AdminStatsDto } from './dto/admin-stats.dto';
import { ModerationItem } from './moderation-item.entity';

export type { AdminStatsDto };

@Injectable()
export class ModerationService {
  constructor(private readonly em: EntityManager) {}

  async stats(): Promise<AdminStatsDto> {
    return { pendingReviews: await this.em.fork().count(ModerationItem, { status: 'pending' }) };
  }
}
