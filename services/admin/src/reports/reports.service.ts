import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditTrail } from '@kinora/common';
import { ADMIN_LIST_DEFAULT_LIMIT } from '@kinora/contracts';
import type { CloseReportDto, CreateReportDto, ReportDto, ReportsQuery } from './dto/report.dto';
import { mapReport } from './report.mapper';
import { ReportsRepository } from './reports.repository';

@Injectable()
export class ReportsService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditTrail,
    private readonly reports: ReportsRepository,
  ) {}

  /**
   * Files a report, or returns the member's report on the same subject that is still open
   * (`created` false): reporting twice makes no duplicate. The partial unique index decides
   * under concurrency.
   */
  async report(
    reporterUserId: string,
    input: CreateReportDto,
  ): Promise<{ report: ReportDto; created: boolean }> {
    const id = await this.reports.insert({
      reporterUserId,
      subjectType: input.subjectType,
      subjectId: input.subjectId,
      reason: input.reason,
      details: input.details || null,
    });
    if (id !== undefined) return { report: await this.get(id), created: true };
    const existing = await this.reports.findOpen(reporterUserId, input.subjectType, input.subjectId);
    // Closed between the insert and this read: file it again.
    if (!existing) return this.report(reporterUserId, input);
    return { report: mapReport(existing), created: false };
  }

  /** Reports of one status (default open), oldest first. */
  async list(query: ReportsQuery): Promise<ReportDto[]> {
    const rows = await this.reports.list(
      query.status ?? 'open',
      query.limit ?? ADMIN_LIST_DEFAULT_LIMIT,
      query.offset ?? 0,
    );
    return rows.map(mapReport);
  }

  /** Resolves or dismisses an open report, on the audit log; a closed one is a 409. */
  async close(id: number, input: CloseReportDto, adminUserId: string): Promise<ReportDto> {
    return this.em.fork().transactional(async (em) => {
      if (!(await this.reports.close(id, input.status, input.note || null, adminUserId))) {
        const status = await this.reports.status(id);
        if (status === undefined) throw new NotFoundException(`Report ${id} not found`);
        throw new ConflictException(`Report ${id} is already ${status}`);
      }
      const report = await this.get(id);
      this.audit.record(em, {
        actorUserId: adminUserId,
        action: input.status === 'resolved' ? 'report.resolved' : 'report.dismissed',
        target: {
          type: 'report',
          id,
          label: `${report.subjectType} ${report.subject.title ?? report.subjectId}: ${report.reason}`,
        },
        reason: report.note,
      });
      return report;
    });
  }

  private async get(id: number): Promise<ReportDto> {
    const row = await this.reports.find(id);
    if (!row) throw new NotFoundException(`Report ${id} not found`);
    return mapReport(row);
  }
}
