import { cn } from '@/lib/utils';

export type FeaturedOrFollowing = 'featured' | 'following';

/** The home rows' Featured / Following switch (two pressed-state buttons in a labelled group). */
export function FeaturedFollowingToggle({
  label,
  value,
  onChange,
}: {
  /** The group's accessible name, e.g. "Which creators". */
  label: string;
  value: FeaturedOrFollowing;
  onChange: (value: FeaturedOrFollowing) => void;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex rounded-full border border-white/10 bg-white/5 p-0.5"
    >
      {(['featured', 'following'] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={cn(
            'rounded-full px-3 py-1 text-xs font-semibold transition-colors',
            value === option ? 'bg-fg text-background' : 'text-fg-muted hover:text-fg',
          )}
        >
          {option === 'featured' ? 'Featured' : 'Following'}
        </button>
      ))}
    </div>
  );
}
