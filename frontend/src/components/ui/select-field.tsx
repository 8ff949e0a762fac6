import { ChevronDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';

import { cn } from '@/lib/utils';

export type SelectOption = { value: string; label: string };

type SelectFieldProps = {
  label: string;
  value: string;
  options: SelectOption[];
  onChange: (value: string) => void;
  className?: string;
  icon?: ReactNode;
};

/** A labelled native select in the dark theme (native: keyboard, type-ahead and mobile pickers for free). */
export function SelectField({ label, value, options, onChange, className, icon }: SelectFieldProps) {
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
