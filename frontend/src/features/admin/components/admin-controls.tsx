import { AUDIT_REASON_MAX_LENGTH } from '@kinora/contracts';
import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { DialogForm, DialogTextarea } from '@/components/ui/dialog-form';
import { COMPACT_INPUT_CLASS } from '@/components/ui/form';

/** A list's search box: the trimmed text goes to `onSearch` on Enter or Search. */
export function ListSearch({
  label,
  placeholder,
  maxLength,
  onSearch,
}: {
  label: string;
  placeholder: string;
  maxLength: number;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex gap-2">
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        maxLength={maxLength}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className={COMPACT_INPUT_CLASS}
      />
      <Button type="submit" size="sm" variant="outline">
        Search
      </Button>
    </form>
  );
}

/** A suspension's dialog: a required reason (trimmed), sent by `onSubmit`. */
export function SuspendDialog({
  title,
  description,
  hint,
  submitLabel,
  busy,
  onSubmit,
  onClose,
}: {
  title: string;
  description: string;
  hint: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  return (
    <DialogForm
      title={title}
      description={description}
      onClose={onClose}
      onSubmit={() => onSubmit(trimmed)}
      canSubmit={Boolean(trimmed)}
      busy={busy}
      submitLabel={submitLabel}
      busyLabel="Suspending..."
    >
      <DialogTextarea
        label="Reason"
        hint={hint}
        required
        rows={4}
        maxLength={AUDIT_REASON_MAX_LENGTH}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </DialogForm>
  );
}
