import { ADMIN_LIST_DEFAULT_LIMIT, REPORT_TEXT_MAX_LENGTH } from '@kinora/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { COMPACT_INPUT_CLASS } from '@/components/ui/form';
import { filmPath } from '@/config/paths';
import { reportReasonLabel } from '@/lib/report-reasons';
import { getPersonName } from '@/lib/user';
import type { CloseReportInput, Report } from '@/lib/api/types';

import { useDecideReport } from '../api/decide-report';
import { useReports } from '../api/get-reports';
import { ListState, Pager, SectionCard } from './section-card';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en', { dateStyle: 'medium' });

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
  const [offset, setOffset] = useState(0);
  const reports = useReports({ status: 'open', limit: ADMIN_LIST_DEFAULT_LIMIT, offset });
  const [deciding, setDeciding] = useState<{ report: Report; status: CloseReportInput['status'] } | null>(
    null,
  );
  const items = reports.data ?? [];

  return (
    <SectionCard title="Reports" description="Films and reviews members reported, oldest first.">
      <ListState query={reports} empty="No open reports." errorText="Reports could not be loaded.">
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
      </ListState>
      <Pager
        label="Reports"
        offset={offset}
        pageSize={ADMIN_LIST_DEFAULT_LIMIT}
        shown={items.length}
        busy={reports.isFetching}
        onChange={setOffset}
      />
      {deciding ? (
        <ReportDecisionDialog
          report={deciding.report}
          status={deciding.status}
          onClose={() => setDeciding(null)}
        />
      ) : null}
    </SectionCard>
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
  const id = useId();
  const [note, setNote] = useState('');
  const decide = useDecideReport();
  const verb = status === 'resolved' ? 'Resolve' : 'Dismiss';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (decide.isPending) return;
    const trimmed = note.trim();
    decide.mutate(
      { reportId: report.id, status, ...(trimmed ? { note: trimmed } : {}) },
      { onSuccess: onClose },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`${verb} report`}
      description={
        status === 'resolved' ? 'The report was right and has been acted on.' : 'The report needs no action.'
      }
    >
      <form onSubmit={submit} className="grid gap-4">
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-note`} className="text-sm font-semibold text-fg">
            Note (optional)
          </label>
          <textarea
            id={`${id}-note`}
            rows={3}
            maxLength={REPORT_TEXT_MAX_LENGTH}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            className={COMPACT_INPUT_CLASS}
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" size="sm" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" size="sm" disabled={decide.isPending}>
            {decide.isPending ? 'Saving...' : verb}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
