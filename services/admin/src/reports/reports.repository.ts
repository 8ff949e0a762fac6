import { InjectQueryDb } from '@kinora/common';
import type { ReportReason, ReportStatus, ReportSubjectType } from '@kinora/contracts';
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Db } from '../db';

/** A report joined with its reporter's account and, for a film not deleted, the film's title. */
function reportSelect(db: Db) {
  return db
    .selectFrom('reports as r')
    .leftJoin('known_users as u', 'u.id', 'r.reporter_user_id')
    .leftJoin('moderation_items as i', (join) =>
      join.on('r.subject_type', '=', 'film').onRef('i.film_id', '=', 'r.subject_id'),
    )
    .selectAll('r')
    .select((eb) => [
      eb.ref('r.subject_type').$castTo<ReportSubjectType>().as('subject_type'),
      eb.ref('r.reason').$castTo<ReportReason>().as('reason'),
      eb.ref('r.status').$castTo<ReportStatus>().as('status'),
      'u.email as u_email',
      'u.first_name as u_first_name',
      'u.last_name as u_last_name',
      eb
        .case()
        .when(eb.and([eb('r.subject_type', '=', 'film'), eb('i.status', '<>', 'deleted')]))
        .then(eb.ref('i.title'))
        .end()
        .as('film_title'),
    ]);
}

export type ReportRecord = Awaited<ReturnType<ReturnType<typeof reportSelect>['executeTakeFirstOrThrow']>>;

/** A member's report on a film or a review. */
export interface NewReport {
  reporterUserId: string;
  subjectType: ReportSubjectType;
  subjectId: number;
  reason: ReportReason;
  details: string | null;
}

/** Members' reports and their resolution by an admin. */
@Injectable()
export class ReportsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /**
   * Files the report; its id, or undefined when the member's report on the subject is still open
   * (the partial unique index decides under concurrency).
   */
  async insert(report: NewReport): Promise<number | undefined> {
    const inserted = await this.db
      .insertInto('reports')
      .values({
        reporter_user_id: report.reporterUserId,
        subject_type: report.subjectType,
        subject_id: report.subjectId,
        reason: report.reason,
        details: report.details,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['reporter_user_id', 'subject_type', 'subject_id'])
          .where('status', '=', 'open')
          .doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    return inserted ? Number(inserted.id) : undefined;
  }

  find(id: number): Promise<ReportRecord | undefined> {
    return reportSelect(this.db).where('r.id', '=', String(id)).executeTakeFirst();
  }

  /** The member's open report on the subject. */
  findOpen(
    reporterUserId: string,
    subjectType: ReportSubjectType,
    subjectId: number,
  ): Promise<ReportRecord | undefined> {
    return reportSelect(this.db)
      .where('r.reporter_user_id', '=', reporterUserId)
      .where('r.subject_type', '=', subjectType)
      .where('r.subject_id', '=', String(subjectId))
      .where('r.status', '=', 'open')
      .executeTakeFirst();
  }

  /** Reports of one status, oldest first. */
  list(status: ReportStatus, limit: number, offset: number): Promise<ReportRecord[]> {
    return reportSelect(this.db)
      .where('r.status', '=', status)
      .orderBy('r.created_at')
      .orderBy('r.id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** Closes the report if it is open; false when it is not (unknown or already closed). */
  async close(id: number, status: ReportStatus, note: string | null, adminUserId: string): Promise<boolean> {
    const closed = await this.db
      .updateTable('reports')
      .set({ status, note, resolved_by: adminUserId, resolved_at: sql<string>`now()` })
      .where('id', '=', String(id))
      .where('status', '=', 'open')
      .returning('id')
      .executeTakeFirst();
    return closed !== undefined;
  }

  /** The report's status, or undefined when there is no such report. */
  async status(id: number): Promise<string | undefined> {
    const report = await this.db
      .selectFrom('reports')
      .select('status')
      .where('id', '=', String(id))
      .executeTakeFirst();
    return report?.status;
  }
}
