import { ADMIN_LIST_DEFAULT_LIMIT } from '@kinora/contracts';
import { useId, useState, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** A titled card of the admin dashboard. */
export function SectionCard({
  title,
  description,
  children,
  className,
  actions,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  actions?: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn('rounded-2xl border border-white/10 bg-white/[0.03] p-5 md:p-6', className)}
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={id} className="text-lg font-bold text-fg">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-fg-muted">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Previous / Next for an offset-paged list: Next shows while the last page came back full. */
export function Pager({
  label,
  offset,
  pageSize,
  shown,
  onChange,
  busy = false,
}: {
  label: string;
  offset: number;
  pageSize: number;
  shown: number;
  onChange: (offset: number) => void;
  busy?: boolean;
}) {
  if (offset === 0 && shown < pageSize) return null;
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex items-center justify-between gap-3 text-sm">
      <Button
        variant="outline"
        size="sm"
        disabled={offset === 0 || busy}
        onClick={() => onChange(Math.max(0, offset - pageSize))}
      >
        Previous
      </Button>
      <span className="text-fg-subtle">
        {shown === 0 ? 'No more entries' : `${offset + 1}–${offset + shown}`}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={shown < pageSize || busy}
        onClick={() => onChange(offset + pageSize)}
      >
        Next
      </Button>
    </nav>
  );
}

/** A list's loading, error and empty states; `children` renders when there are entries. */
export function ListState({
  query,
  empty,
  errorText,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data?: unknown[]; refetch: () => unknown };
  empty: string;
  errorText: string;
  children: ReactNode;
}) {
  if (query.isPending) return <p className="text-sm text-fg-subtle">Loading...</p>;
  if (query.isError) {
    return (
      <div role="alert" className="text-sm text-fg-muted">
        <p>{errorText}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!query.data || query.data.length === 0) return <p className="text-sm text-fg-muted">{empty}</p>;
  return <>{children}</>;
}

/** The page an admin list is on: what to ask for (ADMIN_LIST_DEFAULT_LIMIT entries from its offset), and how to move. */
export function useListPage() {
  const [offset, setOffset] = useState(0);
  return { query: { limit: ADMIN_LIST_DEFAULT_LIMIT, offset }, setOffset };
}

/**
 * A list of the admin dashboard a page (from {@link useListPage}) at a time: its card, ListState,
 * the entries `children` renders, and the Pager named after its title.
 */
export function PagedList<Entry>({
  title,
  description,
  query,
  empty,
  errorText,
  page,
  children,
}: {
  title: string;
  description: ReactNode;
  query: {
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    data?: Entry[];
    refetch: () => unknown;
  };
  empty: string;
  errorText: string;
  page: ReturnType<typeof useListPage>;
  children: (entries: Entry[]) => ReactNode;
}) {
  const entries = query.data ?? [];
  return (
    <SectionCard title={title} description={description}>
      <ListState query={query} empty={empty} errorText={errorText}>
        {children(entries)}
      </ListState>
      <Pager
        label={title}
        offset={page.query.offset}
        pageSize={ADMIN_LIST_DEFAULT_LIMIT}
        shown={entries.length}
        busy={query.isFetching}
        onChange={page.setOffset}
      />
    </SectionCard>
  );
}
