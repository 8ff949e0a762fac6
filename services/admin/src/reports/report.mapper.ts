import type { ReportDto } from './dto/report.dto';
import type { ReportRecord } from './reports.repository';

export function mapReport(row: ReportRecord): ReportDto {
  return {
    id: Number(row.id),
    subjectType: row.subject_type,
    subjectId: Number(row.subject_id),
    reason: row.reason,
    details: row.details,
    status: row.status,
    note: row.note,
    createdAt: new Date(row.created_at).toISOString(),
    resolvedAt: row.resolved_at ? new Date(row.resolved_at).toISOString() : null,
    reporter: {
      id: row.reporter_user_id,
      firstName: row.u_first_name,
      lastName: row.u_last_name,
      email: row.u_email,
    },
    subject: { title: row.film_title },
  };
}
