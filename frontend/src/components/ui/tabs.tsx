import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

import { cn } from '@/lib/utils';

export type TabItem = { value: string; label: string; icon?: ReactNode; content: ReactNode };

type TabsProps = {
  /** The tab list's accessible name. */
  label: string;
  items: TabItem[];
  defaultValue?: string;
  className?: string;
};

/**
 * WAI-ARIA tabs: one tab stop (the selected tab), Left/Right/Home/End move and select, each panel
 * labelled by its tab. Only the selected panel is mounted, so hidden tabs fetch nothing.
 */
export function Tabs({ label, items, defaultValue, className }: TabsProps) {
  const baseId = useId();
  const [selected, setSelected] = useState(defaultValue ?? items[0]?.value);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const current = items.find((item) => item.value === selected) ?? items[0];

  const select = (index: number) => {
    const item = items[(index + items.length) % items.length];
    if (!item) return;
    setSelected(item.value);
    tabRefs.current.get(item.value)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.value === current?.value);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  const tabId = (value: string) => `${baseId}-tab-${value}`;
  const panelId = (value: string) => `${baseId}-panel-${value}`;

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto rounded-full border border-white/10 bg-white/[0.03] p-1"
      >
        {items.map((item) => {
          const active = item.value === current?.value;
          return (
            <button
              key={item.value}
              ref={(node) => {
                if (node) tabRefs.current.set(item.value, node);
                else tabRefs.current.delete(item.value);
              }}
              type="button"
              role="tab"
              id={tabId(item.value)}
              aria-selected={active}
              aria-controls={panelId(item.value)}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(item.value)}
              className={cn(
                'inline-flex shrink-0 items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold transition-colors',
                'focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none',
                active ? 'bg-accent text-accent-fg' : 'text-fg-muted hover:bg-white/10 hover:text-fg',
              )}
            >
              {item.icon}
              {item.label}
            </button>
          );
        })}
      </div>
      {current ? (
        <div
          role="tabpanel"
          id={panelId(current.value)}
          aria-labelledby={tabId(current.value)}
          tabIndex={0}
          className="mt-6 outline-none"
        >
          {current.content}
        </div>
      ) : null}
    </div>
  );
}
