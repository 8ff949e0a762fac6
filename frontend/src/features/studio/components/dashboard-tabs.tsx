import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

import { cn } from '@/lib/utils';

export type Tab<K extends string> = { key: K; label: string; content: ReactNode };

/** Tabs with the ARIA tabs pattern: arrows, Home and End move between them. */
export function DashboardTabs<K extends string>({
  tabs,
  active,
  onSelect,
  label,
}: {
  tabs: Tab<K>[];
  active: K;
  onSelect: (key: K) => void;
  label: string;
}) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.key === active);
    const to =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    onSelect(tabs[to]!.key);
    listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]')[to]?.focus();
  };

  return (
    <div>
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto rounded-full border border-white/10 bg-white/[0.03] p-1"
      >
        {tabs.map((tab) => {
          const selected = tab.key === active;
          return (
            <button
              key={tab.key}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.key}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${tab.key}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onSelect(tab.key)}
              className={cn(
                'flex-1 rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors',
                selected ? 'bg-accent text-accent-fg' : 'text-fg-muted hover:bg-white/10 hover:text-fg',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs
        .filter((tab) => tab.key === active)
        .map((tab) => (
          <div
            key={tab.key}
            role="tabpanel"
            id={`${id}-panel-${tab.key}`}
            aria-labelledby={`${id}-tab-${tab.key}`}
            className="mt-6"
          >
            {tab.content}
          </div>
        ))}
    </div>
  );
}
