import type { ReportReason, ReportStatus, ReportSubjectType } from '@kinora/contracts';
import type { ReportDto } from './dto/report.dto';

/** A report joined with its reporter's account and the film's title, when known. */
export interface ReportRow {
  id: string;
  reporter_user_id: string;
  subject_type: ReportSubjectType;
  subject_id: string;
  reason: ReportReason;
  details: string | null;
  status: ReportStatus;
  note: string | null;
  created_at: Date;
  resolved_at: Date | null;
  u_email: string | null;
  u_first_name: string | null;
  u_last_name: string | null;
  film_title: string | null;
}

export function mapReport(row: ReportRow): ReportDto {
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
