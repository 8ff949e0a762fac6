import {
  REPORT_REASONS,
  REPORT_TEXT_MAX_LENGTH,
  type ReportReason,
  type ReportSubjectType,
} from '@kinora/contracts';
import { Flag } from 'lucide-react';
import { useId, useState } from 'react';

import { Button, type ButtonSize, type ButtonVariant } from '@/components/ui/button';
import { DialogForm, DialogTextarea } from '@/components/ui/dialog-form';
import { REPORT_REASON_LABELS } from '@/lib/report-reasons';
import { cn } from '@/lib/utils';

import { useReportSubject } from '../api/report-subject';

type ReportButtonProps = {
  subjectType: ReportSubjectType;
  subjectId: number;
  /** What is reported, for the dialog's title and the button's name ("Sombra Binaria", "review by Ada"). */
  subjectLabel: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Icon only (a review's row); the accessible name still says what it reports. */
  compact?: boolean;
  className?: string;
};

/** "Report": a dialog with a reason from the list and optional details, sent to the moderators. */
export function ReportButton({
  subjectType,
  subjectId,
  subjectLabel,
  variant = 'ghost',
  size = 'sm',
  compact = false,
  className,
}: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        aria-label={`Report ${subjectLabel}`}
        title="Report"
        className={cn(compact && 'h-8 px-2', className)}
        onClick={() => setOpen(true)}
      >
        <Flag className="size-4" aria-hidden="true" />
        {compact ? null : 'Report'}
      </Button>
      {open ? (
        <ReportDialog
          subjectType={subjectType}
          subjectId={subjectId}
          subjectLabel={subjectLabel}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

function ReportDialog({
  subjectType,
  subjectId,
  subjectLabel,
  onClose,
}: Pick<ReportButtonProps, 'subjectType' | 'subjectId' | 'subjectLabel'> & { onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const report = useReportSubject();

  const submit = () => {
    if (!reason) return;
    const text = details.trim();
    report.mutate(
      { subjectType, subjectId, reason, ...(text ? { details: text } : {}) },
      { onSuccess: onClose },
    );
  };

  return (
    <DialogForm
      title={`Report ${subjectLabel}`}
      description="Tell the moderators what is wrong. Reports are private."
      onClose={onClose}
      onSubmit={submit}
      canSubmit={Boolean(reason)}
      busy={report.isPending}
      submitLabel="Send report"
      busyLabel="Sending..."
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold text-fg">Reason</legend>
        {REPORT_REASONS.map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm text-fg-muted">
            <input
              type="radio"
              name={`${id}-reason`}
              value={value}
              required
              checked={reason === value}
              onChange={() => setReason(value)}
              className="accent-[var(--color-accent)]"
            />
            {REPORT_REASON_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <DialogTextarea
        label="Details (optional)"
        rows={3}
        maxLength={REPORT_TEXT_MAX_LENGTH}
        value={details}
        onChange={(event) => setDetails(event.target.value)}
      />
    </DialogForm>
  );
}
