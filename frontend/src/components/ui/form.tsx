import { ChevronDown } from 'lucide-react';
import { useId, type ComponentProps, type ReactNode } from 'react';

import { cn } from '@/lib/utils';

/** The look of every text input, textarea and select: border, fill, text, focus and invalid states. */
const INPUT_LOOK =
  'rounded-xl border border-white/15 bg-white/5 text-sm text-fg placeholder:text-fg-subtle focus:border-accent focus:outline-none aria-[invalid=true]:border-red-400/70';

/** The class of a form's input, textarea or select: full width. */
export const INPUT_CLASS = `w-full px-4 py-2.5 ${INPUT_LOOK}`;

/** The same look, compact and as wide as its content (a filter or a reason beside a button). */
export const COMPACT_INPUT_CLASS = `px-3 py-2 ${INPUT_LOOK}`;

/** The ids a control is described by: its hint (hidden while it has an error) and its error. */
export const describedBy = (id: string, { hint, error }: { hint?: ReactNode; error?: string }) =>
  cn(hint && !error && `${id}-hint`, error && `${id}-error`) || undefined;

/** The props that tie a control to its label's hint and error. */
export const controlProps = (id: string, { hint, error }: { hint?: ReactNode; error?: string } = {}) => ({
  id,
  'aria-invalid': error ? (true as const) : undefined,
  'aria-describedby': describedBy(id, { hint, error }),
});

/**
 * A field's error, beside its control; `announce` reads it out as it appears (for an error the
 * server sent after the form was left, not for the ones shown on submit).
 */
export function FieldError({
  id,
  message,
  announce = false,
  className,
}: {
  id: string;
  message: string | undefined;
  announce?: boolean;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} role={announce ? 'alert' : undefined} className={cn('mt-1 text-xs text-red-400', className)}>
      {message}
    </p>
  );
}

export type FieldFrameProps = {
  id: string;
  label: ReactNode;
  /** Shown under the control until it has an error, and read with it. */
  hint?: ReactNode;
  error?: string;
  /** Read the error out as it appears (see FieldError). */
  announceError?: boolean;
  className?: string;
};

/** A label, the control, an optional hint and the field's error (read with the control). */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  announceError,
  className,
  children,
}: FieldFrameProps & { children: ReactNode }) {
  return (
    <div className={cn('min-w-0', className)}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-fg-muted">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-fg-subtle">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} announce={announceError} />
    </div>
  );
}

type Labelled = Omit<FieldFrameProps, 'id'> & { id?: string; inputClassName?: string };

/** Splits a labelled control's props into its frame's and its control's (tied to the hint and error). */
function useLabelled<Control extends object>({
  id,
  label,
  hint,
  error,
  announceError,
  className,
  inputClassName,
  ...control
}: Labelled & Control) {
  const fallback = useId();
  const fieldId = id ?? fallback;
  return {
    frame: { id: fieldId, label, hint, error, announceError, className },
    control: {
      ...control,
      ...controlProps(fieldId, { hint, error }),
      className: cn(INPUT_CLASS, inputClassName),
    },
  };
}

/** A labelled input: `<Field label="Title" error={errors.title?.message} {...register('title')} />`. */
export function Field(props: Labelled & Omit<ComponentProps<'input'>, 'id' | 'className'>) {
  const { frame, control } = useLabelled(props);
  return (
    <FieldFrame {...frame}>
      <input {...control} />
    </FieldFrame>
  );
}

/** A labelled textarea. */
export function TextareaField(props: Labelled & Omit<ComponentProps<'textarea'>, 'id' | 'className'>) {
  const { frame, control } = useLabelled(props);
  return (
    <FieldFrame {...frame}>
      <textarea {...control} />
    </FieldFrame>
  );
}

export type SelectOption = { value: string; label: string };

/** A labelled native select of a form: its options as `options`, or as children. */
export function SelectField({
  options,
  placeholder,
  children,
  ...props
}: Labelled &
  Omit<ComponentProps<'select'>, 'id' | 'className'> & {
    options?: readonly (SelectOption | string)[];
    /** The first, empty option ("Choose a genre"). */
    placeholder?: string;
  }) {
  const { frame, control } = useLabelled(props);
  return (
    <FieldFrame {...frame}>
      <select {...control}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options?.map((option) => {
          const { value, label: text } =
            typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
        {children}
      </select>
    </FieldFrame>
  );
}

/** A compact labelled select for filters (browse), outside forms: keyboard and type-ahead for free. */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  className,
  icon,
}: {
  label: string;
  value: string;
  options: SelectOption[];
  onChange: (value: string) => void;
  className?: string;
  icon?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">
        {label}
      </label>
      <div className="relative">
        {icon ? (
          <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-fg-subtle">
            {icon}
          </span>
        ) : null}
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={cn(
            'h-11 w-full appearance-none rounded-xl border border-white/10 bg-surface-raised pr-10 text-sm text-fg',
            'transition-colors hover:border-white/20 focus:border-accent/70 focus-visible:outline-none',
            icon ? 'pl-9' : 'pl-3.5',
          )}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-fg-subtle"
          aria-hidden="true"
        />
      </div>
    </div>
  );
}

/** The message of the whole form (a refusal no field owns), read out as it appears. */
export function FormError({ message, className }: { message: string | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={cn('rounded-xl bg-red-500/10 px-4 py-3 text-sm text-red-300', className)}>
      {message}
    </p>
  );
}

const FOOTER_ALIGN = { start: 'justify-start', end: 'justify-end', between: 'justify-between' } as const;

/** The row of a form's actions (Cancel, Save): at its end, or Back and Next at either side. */
export function FormFooter({
  align = 'end',
  compact = false,
  className,
  children,
}: {
  align?: keyof typeof FOOTER_ALIGN;
  /** Closer buttons, for small forms. */
  compact?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex items-center', FOOTER_ALIGN[align], compact ? 'gap-2' : 'gap-3', className)}>
      {children}
    </div>
  );
}

/**
 * A labelled on/off switch (a checkbox with the switch role) with an optional hint read with it:
 * `<SwitchField label="Email me" checked={on} onChange={(event) => save(event.target.checked)} />`.
 */
export function SwitchField({
  id,
  label,
  hint,
  className,
  ...input
}: {
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
} & Omit<ComponentProps<'input'>, 'id' | 'type' | 'role' | 'className'>) {
  const fallback = useId();
  const fieldId = id ?? fallback;
  return (
    <div className={cn('min-w-0', className)}>
      <label htmlFor={fieldId} className="relative flex cursor-pointer items-center justify-between gap-4">
        <span className="text-sm font-medium text-fg">{label}</span>
        <input
          {...input}
          {...controlProps(fieldId, { hint })}
          type="checkbox"
          role="switch"
          className="peer sr-only"
        />
        <span
          aria-hidden="true"
          className={cn(
            'relative h-6 w-11 shrink-0 rounded-full bg-white/15 transition-colors peer-checked:bg-accent',
            'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent',
            'peer-disabled:cursor-default peer-disabled:opacity-50',
            'after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:transition-transform peer-checked:after:translate-x-5',
          )}
        />
      </label>
      {hint ? (
        <p id={`${fieldId}-hint`} className="mt-1 text-xs text-fg-subtle">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
