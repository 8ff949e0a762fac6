import { MODERATION_REASON_MAX_LENGTH } from '@kinora/contracts';
import { Check, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { COMPACT_INPUT_CLASS } from '@/components/ui/form';

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
  const id = useId();
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!trimmed || busy) return;
    onReject(trimmed);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Reject “${title}”`}
      description="The creator is mailed this reason and sees it in their dashboard."
    >
      <form onSubmit={submit} className="grid gap-4">
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-reason`} className="text-sm font-semibold text-fg">
            Reason
          </label>
          <textarea
            id={`${id}-reason`}
            required
            rows={4}
            maxLength={MODERATION_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className={COMPACT_INPUT_CLASS}
            placeholder="What needs to change before this film can go live"
          />
          <p className="text-xs text-fg-subtle">A reason is required to reject a film.</p>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" size="sm" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" size="sm" disabled={!trimmed || busy}>
            {busy ? 'Rejecting...' : 'Reject film'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
