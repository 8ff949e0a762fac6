import { useId } from 'react';

import { cn } from '@/lib/utils';

type SegmentedControlProps<V extends string | number> = {
  /** The group's accessible name. */
  label: string;
  options: { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
  className?: string;
};

/**
 * A small set of exclusive choices (e.g. a date range) as native radio buttons styled as a pill
 * bar: one tab stop, the arrows move the choice.
 */
export function SegmentedControl<V extends string | number>({
  label,
  options,
  value,
  onChange,
  className,
}: SegmentedControlProps<V>) {
  const name = useId();
  return (
    <fieldset
      className={cn('inline-flex rounded-full border border-white/10 bg-white/[0.03] p-1', className)}
    >
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={cn(
            'cursor-pointer rounded-full px-3 py-1.5 text-sm font-semibold transition-colors',
            'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent',
            option.value === value
              ? 'bg-accent text-accent-fg'
              : 'text-fg-muted hover:bg-white/10 hover:text-fg',
          )}
        >
          <input
            type="radio"
            name={name}
            className="sr-only"
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
