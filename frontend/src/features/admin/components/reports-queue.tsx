import { REPORT_TEXT_MAX_LENGTH } from '@kinora/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { DialogForm, DialogTextarea } from '@/components/ui/dialog-form';
import { filmPath } from '@/config/paths';
import { reportReasonLabel } from '@/lib/report-reasons';
import { getPersonName } from '@/lib/user';
import type { CloseReportInput, Report } from '@/lib/api/types';
import { formatDate } from '@/lib/format';

import { useDecideReport } from '../api/decide-report';
import { useReports } from '../api/get-reports';
import { PagedList, useListPage } from './section-card';

function SubjectLine({ report }: { report: Report }) {
  if (report.subjectType === 'film') {
    return (
      <Link to={filmPath(report.subjectId)} className="font-semibold text-accent hover:underline">
        Film: {report.subject.title ?? `#${report.subjectId}`}
      </Link>
    );
  }
  return (
    <span className="font-semibold text-fg">
      Review #{report.subjectId}
      {report.subject.title ? ` on “${report.subject.title}”` : ''}
    </span>
  );
}

/** Content: the open reports, oldest first, each resolved or dismissed with an optional note. */
export function ReportsQueue() {
  const page = useListPage();
  const reports = useReports({ status: 'open', ...page.query });
  const [deciding, setDeciding] = useState<{ report: Report; status: CloseReportInput['status'] } | null>(
    null,
  );

  return (
    <>
      <PagedList
        title="Reports"
        description="Films and reviews members reported, oldest first."
        query={reports}
        empty="No open reports."
        errorText="Reports could not be loaded."
        page={page}
      >
        {(items) => (
          <ul aria-label="Open reports" className="divide-y divide-white/10">
            {items.map((report) => (
              <li key={report.id} className="grid gap-2 py-4 first:pt-0 last:pb-0">
                <article aria-label={`Report ${report.id}`} className="grid gap-2">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                    <SubjectLine report={report} />
                    <span className="rounded-full bg-red-500/15 px-2 py-0.5 text-xs font-bold text-red-300">
                      {reportReasonLabel(report.reason)}
                    </span>
                    <time dateTime={report.createdAt} className="text-xs text-fg-subtle">
                      {formatDate(report.createdAt)}
                    </time>
                  </div>
                  {report.details ? (
                    <p className="text-sm whitespace-pre-line text-fg-muted">{report.details}</p>
                  ) : null}
                  <p className="text-xs text-fg-subtle">
                    Reported by {getPersonName(report.reporter, report.reporter.email ?? 'a member')}
                    {report.reporter.email ? ` (${report.reporter.email})` : null}
                  </p>
                  <div className="flex gap-2">
                    <Button size="sm" onClick={() => setDeciding({ report, status: 'resolved' })}>
                      Resolve
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setDeciding({ report, status: 'dismissed' })}
                    >
                      Dismiss
                    </Button>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      {deciding ? (
        <ReportDecisionDialog
          report={deciding.report}
          status={deciding.status}
          onClose={() => setDeciding(null)}
        />
      ) : null}
    </>
  );
}

function ReportDecisionDialog({
  report,
  status,
  onClose,
}: {
  report: Report;
  status: CloseReportInput['status'];
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const decide = useDecideReport();
  const verb = status === 'resolved' ? 'Resolve' : 'Dismiss';

  const submit = () => {
    const trimmed = note.trim();
    decide.mutate(
      { reportId: report.id, status, ...(trimmed ? { note: trimmed } : {}) },
      { onSuccess: onClose },
    );
  };

  return (
    <DialogForm
      title={`${verb} report`}
      description={
        status === 'resolved' ? 'The report was right and has been acted on.' : 'The report needs no action.'
      }
      onClose={onClose}
      onSubmit={submit}
      busy={decide.isPending}
      submitLabel={verb}
      busyLabel="Saving..."
    >
      <DialogTextarea
        label="Note (optional)"
        rows={3}
        maxLength={REPORT_TEXT_MAX_LENGTH}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
    </DialogForm>
  );
}
