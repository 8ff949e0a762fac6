import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { ADMIN_LIST_DEFAULT_LIMIT } from '@kinora/contracts';
import type { CloseReportDto, CreateReportDto, ReportDto, ReportsQuery } from './dto/report.dto';
import { mapReport, type ReportRow } from './report.mapper';

const REPORT_SELECT = `
  select r.*, u.email as u_email, u.first_name as u_first_name, u.last_name as u_last_name,
         case when r.subject_type = 'film' and i.status <> 'deleted' then i.title end as film_title
    from reports r
    left join known_users u on u.id = r.reporter_user_id
    left join moderation_items i on r.subject_type = 'film' and i.film_id = r.subject_id`;

@Injectable()
export class ReportsService {
  constructor(private readonly em: EntityManager) {}

  /**
   * Files a report, or returns the member's report on the same subject that is still open
   * (`created` false): reporting twice makes no duplicate. The partial unique index decides
   * under concurrency.
   */
  async report(
    reporterUserId: string,
    input: CreateReportDto,
  ): Promise<{ report: ReportDto; created: boolean }> {
    const em = this.em.fork();
    const [inserted] = await em.execute<{ id: string }[]>(
      `insert into reports (reporter_user_id, subject_type, subject_id, reason, details) values (?, ?, ?, ?, ?)
       on conflict (reporter_user_id, subject_type, subject_id) where status = 'open' do nothing returning id`,
      [reporterUserId, input.subjectType, input.subjectId, input.reason, input.details || null],
    );
    if (inserted) return { report: await this.get(em, Number(inserted.id)), created: true };
    const [existing] = await em.execute<ReportRow[]>(
      `${REPORT_SELECT}
        where r.reporter_user_id = ? and r.subject_type = ? and r.subject_id = ? and r.status = 'open'`,
      [reporterUserId, input.subjectType, input.subjectId],
    );
    // Closed between the insert and this read: file it again.
    if (!existing) return this.report(reporterUserId, input);
    return { report: mapReport(existing), created: false };
  }

  /** Reports of one status (default open), oldest first. */
  async list(query: ReportsQuery): Promise<ReportDto[]> {
    const rows = await this.em
      .fork()
      .execute<ReportRow[]>(
        `${REPORT_SELECT} where r.status = ? order by r.created_at, r.id limit ? offset ?`,
        [query.status ?? 'open', query.limit ?? ADMIN_LIST_DEFAULT_LIMIT, query.offset ?? 0],
      );
    return rows.map(mapReport);
  }

  /** Resolves or dismisses an open report; a closed one is a 409. */
  async close(id: number, input: CloseReportDto, adminUserId: string): Promise<ReportDto> {
    const em = this.em.fork();
    const closed = await em.execute<unknown[]>(
      `update reports set status = ?, note = ?, resolved_by = ?, resolved_at = now()
        where id = ? and status = 'open' returning 1`,
      [input.status, input.note || null, adminUserId, id],
    );
    if (closed.length === 0) {
      const [row] = await em.execute<{ status: string }[]>('select status from reports where id = ?', [id]);
      if (!row) throw new NotFoundException(`Report ${id} not found`);
      throw new ConflictException(`Report ${id} is already ${row.status}`);
    }
    return this.get(em, id);
  }

  private async get(em: EntityManager, id: number): Promise<ReportDto> {
    const [row] = await em.execute<ReportRow[]>(`${REPORT_SELECT} where r.id = ?`, [id]);
    if (!row) throw new NotFoundException(`Report ${id} not found`);
    return mapReport(row);
  }
}
