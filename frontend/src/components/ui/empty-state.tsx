import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

import { cn } from '@/lib/utils';

import { Button } from './button';

type EmptyStateProps = {
  icon: LucideIcon;
  title: string;
  hint?: ReactNode;
  action?: ReactNode;
  className?: string;
};

/** A quiet "nothing here" panel with an optional hint and action. */
export function EmptyState({ icon: Icon, title, hint, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center rounded-2xl border border-dashed border-white/10 bg-white/[0.02] px-6 py-16 text-center',
        className,
      )}
    >
      <span className="mb-4 inline-flex size-12 items-center justify-center rounded-2xl bg-white/5 text-fg-subtle">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h2 className="text-lg font-semibold text-fg">{title}</h2>
      {hint ? <p className="mt-2 max-w-sm text-sm text-fg-muted">{hint}</p> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}

/** The EmptyState of a list that failed to load: says so and offers Try again. */
export function LoadErrorState({
  icon,
  title,
  onRetry,
}: {
  icon: LucideIcon;
  title: string;
  onRetry: () => void;
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      hint="Something went wrong on our side. Please try again."
      action={
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
