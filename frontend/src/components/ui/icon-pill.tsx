import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

import { cn } from '@/lib/utils';

/**
 * A rounded label led by a decorative icon ("Featured", "Completed", "Verified"); `className`
 * gives its colours and size, `iconClassName` the icon's size.
 */
export function IconPill({
  icon: Icon,
  children,
  className,
  iconClassName = 'size-3.5',
}: {
  icon: LucideIcon;
  children: ReactNode;
  className?: string;
  iconClassName?: string;
}) {
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full', className)}>
      <Icon className={iconClassName} aria-hidden="true" />
      {children}
    </span>
  );
}
