import type { ReactNode } from 'react';

export type RankedItem = {
  key: string | number;
  name: string;
  /** Beside the name (a Verified badge; null where this row has none). Left out: the name alone. */
  badge?: ReactNode;
  /** The figures at the row's end ("1.2K views · 4.5 / 5"). */
  figure: ReactNode;
};

/**
 * A numbered list of the top few (films, creators), each with its figures, or `empty` when there
 * are none; `labelled` names each row after its `name` for assistive technology (else its text does).
 */
export function RankedList({
  label,
  items,
  empty,
  labelled = false,
}: {
  label: string;
  items: RankedItem[];
  empty: string;
  labelled?: boolean;
}) {
  if (items.length === 0) return <p className="text-sm text-fg-muted">{empty}</p>;
  return (
    <ol aria-label={label} className="grid gap-3">
      {items.map((item, index) => (
        <li
          key={item.key}
          aria-label={labelled ? item.name : undefined}
          className="flex items-baseline gap-3 text-sm"
        >
          <span className="w-5 shrink-0 font-bold text-accent tabular-nums">{index + 1}</span>
          {item.badge !== undefined ? (
            <span className="flex min-w-0 flex-1 items-center gap-2">
              <span className="truncate font-semibold text-fg">{item.name}</span>
              {item.badge}
            </span>
          ) : (
            <span className="min-w-0 flex-1 truncate font-semibold text-fg">{item.name}</span>
          )}
          <span className="shrink-0 text-fg-muted tabular-nums">{item.figure}</span>
        </li>
      ))}
    </ol>
  );
}
