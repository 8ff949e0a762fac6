import { MODERATION_REASON_MAX_LENGTH } from '@kinora/contracts';
import { Check, X } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { DialogForm, DialogTextarea } from '@/components/ui/dialog-form';

import { useUpdateFilmStatus } from '../api/update-film-status';

/** Approve (→ published) and Reject (→ archived, with a reason the creator is mailed). */
export function ReviewDecision({ filmId, title }: { filmId: number; title: string }) {
  const update = useUpdateFilmStatus();
  const [rejecting, setRejecting] = useState(false);

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        aria-label={`Approve ${title}`}
        disabled={update.isPending}
        onClick={() => update.mutate({ filmId, status: 'published' })}
      >
        <Check className="size-4" aria-hidden="true" />
        Approve
      </Button>
      <Button
        size="sm"
        variant="outline"
        aria-label={`Reject ${title}`}
        disabled={update.isPending}
        onClick={() => setRejecting(true)}
      >
        <X className="size-4" aria-hidden="true" />
        Reject
      </Button>
      {rejecting ? (
        <RejectDialog
          title={title}
          busy={update.isPending}
          onClose={() => setRejecting(false)}
          onReject={(reason) =>
            update.mutate({ filmId, status: 'archived', reason }, { onSuccess: () => setRejecting(false) })
          }
        />
      ) : null}
    </div>
  );
}

function RejectDialog({
  title,
  busy,
  onClose,
  onReject,
}: {
  title: string;
  busy: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();

  return (
    <DialogForm
      title={`Reject “${title}”`}
      description="The creator is mailed this reason and sees it in their dashboard."
      onClose={onClose}
      onSubmit={() => onReject(trimmed)}
      canSubmit={Boolean(trimmed)}
      busy={busy}
      submitLabel="Reject film"
      busyLabel="Rejecting..."
    >
      <DialogTextarea
        label="Reason"
        hint="A reason is required to reject a film."
        required
        rows={4}
        maxLength={MODERATION_REASON_MAX_LENGTH}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        placeholder="What needs to change before this film can go live"
      />
    </DialogForm>
  );
}
