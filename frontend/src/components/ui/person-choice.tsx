import { Check } from 'lucide-react';
import type { ReactNode } from 'react';

import { Avatar } from '@/components/ui/avatar';
import { Skeleton, SkeletonLine } from '@/components/ui/skeleton';
import { getPersonInitials, getPersonName } from '@/lib/user';
import { cn } from '@/lib/utils';

type Person = { firstName: string | null; lastName: string | null; profileImageUrl: string | null };

/** What a row gives each of its people: whether it is the one selected, and how to select it. */
export type ChoiceProps = { selected: boolean; onToggle: () => void };

type PersonChoiceProps = ChoiceProps & {
  person: Person;
  /** Shown when the person has no name. */
  fallbackName?: string;
  /** Beside the name (a verified badge). */
  badge?: ReactNode;
  /** The line under the name (followers, films). */
  detail: ReactNode;
  testId: string;
};

/** A person on a home row that selecting highlights (creators, critics): avatar, name, a detail line. */
export function PersonChoice({
  person,
  fallbackName,
  selected,
  onToggle,
  badge,
  detail,
  testId,
}: PersonChoiceProps) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onToggle}
      data-testid={testId}
      className={cn(
        'relative flex w-full flex-col items-center gap-2 rounded-2xl border p-4 text-center transition',
        selected
          ? 'border-accent bg-accent/10 shadow-lg shadow-accent/10'
          : 'border-white/10 bg-white/[0.03] hover:border-white/25 hover:bg-white/[0.06]',
      )}
    >
      {selected ? (
        <span className="absolute top-2 right-2 inline-flex size-6 items-center justify-center rounded-full bg-accent text-accent-fg">
          <Check className="size-4" aria-hidden="true" />
        </span>
      ) : null}
      <Avatar
        src={person.profileImageUrl}
        initials={getPersonInitials(person)}
        size="size-20 text-2xl"
        className={cn('ring-2', selected ? 'ring-accent' : 'ring-white/10')}
      />
      <span className="flex max-w-full items-center gap-1 text-sm font-semibold text-fg">
        <span className="truncate">{getPersonName(person, fallbackName)}</span>
        {badge}
      </span>
      <span className="text-xs text-fg-subtle">{detail}</span>
    </button>
  );
}

/**
 * The loading stand-in of a {@link PersonChoice}, exactly its size: the border and padding, the
 * 80 px avatar, the name's text-sm line (20 px) and the detail's text-xs line (16 px).
 */
export function PersonChoiceSkeleton({ testId }: { testId: string }) {
  return (
    <div
      data-testid={testId}
      className="flex w-full flex-col items-center gap-2 rounded-2xl border border-white/5 p-4"
    >
      <Skeleton className="size-20 rounded-full" />
      <SkeletonLine text="sm" className="w-full justify-center" barClassName="w-24" />
      <SkeletonLine text="xs" className="w-full justify-center" barClassName="w-16" />
    </div>
  );
}
