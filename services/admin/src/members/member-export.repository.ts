import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Db } from '../db';

/** What admin holds of one member by their account: the reports they filed. */
@Injectable()
export class MemberExportRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  reportsBy(userId: string) {
    return this.db
      .selectFrom('reports')
      .select([
        'id',
        'subject_type',
        'subject_id',
        'reason',
        'details',
        'status',
        'created_at',
        'resolved_at',
      ])
      .where('reporter_user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }
}
