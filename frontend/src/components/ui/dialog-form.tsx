import { useId, type ComponentProps, type ReactNode } from 'react';

import { Button } from './button';
import { Dialog } from './dialog';
import { COMPACT_INPUT_CLASS } from './form';

/**
 * A small form in a dialog that is open until `onClose` (the close button, Escape, Cancel): its
 * fields, then Cancel and the submit button, which says `busyLabel` while `busy`. Submitting calls
 * `onSubmit` unless it is busy or `canSubmit` is false.
 */
export function DialogForm({
  title,
  description,
  onClose,
  onSubmit,
  canSubmit = true,
  busy,
  submitLabel,
  busyLabel,
  children,
}: {
  title: string;
  description: ReactNode;
  onClose: () => void;
  onSubmit: () => void;
  canSubmit?: boolean;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={description}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (canSubmit && !busy) onSubmit();
        }}
        className="grid gap-4"
      >
        {children}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" size="sm" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" size="sm" disabled={!canSubmit || busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A labelled textarea of a DialogForm (a note, a reason), with an optional line under it. */
export function DialogTextarea({
  label,
  hint,
  ...textarea
}: { label: string; hint?: string } & Omit<ComponentProps<'textarea'>, 'id' | 'className'>) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-fg">
        {label}
      </label>
      <textarea {...textarea} id={id} className={COMPACT_INPUT_CLASS} />
      {hint ? <p className="text-xs text-fg-subtle">{hint}</p> : null}
    </div>
  );
}
