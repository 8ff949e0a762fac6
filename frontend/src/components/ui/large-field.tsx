import { useId, type ComponentProps, type ReactNode } from 'react';

import { cn } from '@/lib/utils';

/** The roomy control look of the public pages' forms (sign-in, feedback): 16 px text on a dark well. */
const LARGE_CONTROL_CLASS = cn(
  'w-full rounded-xl border border-white/10 bg-black/40 px-4 text-base text-fg placeholder:text-fg-subtle',
  'transition-colors hover:border-white/20 focus:border-accent/70 focus:bg-black/60 focus-visible:outline-none',
  'disabled:opacity-60',
);

type Tie = { id: string; 'aria-describedby'?: string };

/** The label above the control and an optional hint under it, read with it. */
function LargeFrame({
  label,
  hint,
  control,
}: {
  label: ReactNode;
  hint?: string;
  control: (tie: Tie) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {label}
      </label>
      {control({ id, 'aria-describedby': hint ? `${id}-hint` : undefined })}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-fg-subtle">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type Labelled = { label: ReactNode; hint?: string };

/** A labelled input in the large look, 48 px tall unless `className` says otherwise. */
export function LargeField({
  label,
  hint,
  className,
  ...input
}: Labelled & Omit<ComponentProps<'input'>, 'id'>) {
  return (
    <LargeFrame
      label={label}
      hint={hint}
      control={(tie) => <input {...input} {...tie} className={cn(LARGE_CONTROL_CLASS, 'h-12', className)} />}
    />
  );
}

/** A labelled textarea in the large look. */
export function LargeTextareaField({
  label,
  hint,
  className,
  ...textarea
}: Labelled & Omit<ComponentProps<'textarea'>, 'id'>) {
  return (
    <LargeFrame
      label={label}
      hint={hint}
      control={(tie) => <textarea {...textarea} {...tie} className={cn(LARGE_CONTROL_CLASS, className)} />}
    />
  );
}
