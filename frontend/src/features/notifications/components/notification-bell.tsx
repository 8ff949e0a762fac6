import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';

import { listen } from '@/lib/listen';
import { cn } from '@/lib/utils';

import {
  getNotificationsQueryOptions,
  getUnreadCountQueryOptions,
  useUnreadCount,
} from '../api/get-notifications';
import { NotificationList } from './notification-list';

/** The badge shows at most this; more reads "9+". */
const BADGE_MAX = 9;

/**
 * The navigation bar's bell (signed-in members): the unread count as a badge, polled every 60 s,
 * and a panel with the notification list, fetched afresh each time it opens.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount();
  const queryClient = useQueryClient();
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const count = unread.data?.count ?? 0;

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  const toggle = () => {
    if (!open) {
      void queryClient.invalidateQueries({ queryKey: getUnreadCountQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: getNotificationsQueryOptions().queryKey });
    }
    setOpen(!open);
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: Event) => {
      if (!containerRef.current?.contains(event.target as Node)) close(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    return listen(document, { mousedown: onPointerDown, touchstart: onPointerDown, keydown: onKeyDown });
  }, [open, close]);

  const label = count > 0 ? `Notifications (${count} unread)` : 'Notifications';

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
        className="relative inline-flex size-10 items-center justify-center rounded-full text-fg transition-colors hover:bg-white/10"
      >
        <Bell className="size-5" aria-hidden="true" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            data-testid="unread-badge"
            className="absolute top-1 right-1 inline-flex min-w-4 items-center justify-center rounded-full bg-accent px-1 text-[10px] leading-4 font-bold text-accent-fg"
          >
            {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id={panelId}
          className={cn(
            'absolute right-0 mt-2 w-[min(22rem,calc(100vw-2rem))] overflow-hidden rounded-xl',
            'border border-white/10 bg-surface shadow-2xl shadow-black/60',
          )}
        >
          <NotificationList onNavigate={() => close(false)} />
        </div>
      ) : null}
    </div>
  );
}
