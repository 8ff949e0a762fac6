import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

import { cn } from '@/lib/utils';

export type TabItem<V extends string = string> = {
  value: V;
  label: string;
  /** Drawn before the label. */
  icon?: LucideIcon;
  content: ReactNode;
};

type TabsProps<V extends string> = {
  /** The tab list's accessible name. */
  label: string;
  items: TabItem<V>[];
  /** Uncontrolled: the tab selected first (default the first). */
  defaultValue?: V;
  /** Controlled: the selected tab, and what selecting another does (e.g. put it in the URL). */
  value?: V;
  onValueChange?: (value: V) => void;
  className?: string;
};

/**
 * Tabs (Radix: one tab stop, arrows, Home and End move and select, each panel labelled by its
 * tab). Only the selected panel is mounted, so hidden tabs fetch nothing.
 */
export function Tabs<V extends string>({
  label,
  items,
  defaultValue,
  value,
  onValueChange,
  className,
}: TabsProps<V>) {
  return (
    <TabsPrimitive.Root
      className={className}
      defaultValue={value === undefined ? (defaultValue ?? items[0]?.value) : undefined}
      value={value}
      onValueChange={onValueChange ? (next) => onValueChange(next as V) : undefined}
    >
      <TabsPrimitive.List
        aria-label={label}
        className="flex gap-1 overflow-x-auto rounded-full border border-white/10 bg-white/[0.03] p-1"
      >
        {items.map((item) => (
          <TabsPrimitive.Trigger
            key={item.value}
            value={item.value}
            className={cn(
              'inline-flex shrink-0 items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold transition-colors',
              'focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none',
              'text-fg-muted hover:bg-white/10 hover:text-fg',
              'data-[state=active]:bg-accent data-[state=active]:text-accent-fg data-[state=active]:hover:bg-accent',
            )}
          >
            {item.icon ? <item.icon className="size-4" aria-hidden="true" /> : null}
            {item.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {items.map((item) => (
        <TabsPrimitive.Content key={item.value} value={item.value} className="mt-6 outline-none">
          {item.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
