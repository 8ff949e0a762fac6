import { Film, MessageSquareQuote } from 'lucide-react';
import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { SkeletonList } from '@/components/ui/skeleton';
import { filmPath } from '@/config/paths';
import { formatRelativeTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { Notification } from '@/lib/api/types';

import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-read';

/** What a notification says, from what social knows of its film, creator and review. */
export function describeNotification(notification: Notification): string {
  const film = notification.filmTitle ?? 'a new film';
  if (notification.kind === 'critic_review') {
    const review = notification.title ? `“${notification.title}”` : 'a review';
    return `${notification.criticName ?? 'A critic you follow'} published ${review} of ${film}`;
  }
  return `${notification.creatorName ?? 'A creator you follow'} published ${film}`;
}

type NotificationListProps = {
  /** Called after a notification is followed to its film (the bell closes its panel). */
  onNavigate?: () => void;
  className?: string;
};

/** The member's notifications, newest first: each links to its film and is marked read on click. */
export function NotificationList({ onNavigate, className }: NotificationListProps) {
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const items = notifications.data ?? [];
  const anyUnread = items.some((item) => item.readAt === null);

  return (
    <section aria-labelledby="notifications-heading" className={cn('flex flex-col', className)}>
      <div className="flex items-center justify-between gap-3 border-b border-white/10 px-4 py-3">
        <h2 id="notifications-heading" className="text-sm font-semibold text-fg">
          Notifications
        </h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={!anyUnread || markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
        >
          Mark all as read
        </Button>
      </div>
      {notifications.isPending ? (
        <SkeletonList
          label="Loading notifications"
          count={3}
          className="grid gap-2 p-4"
          itemClassName="h-12 w-full"
          list
        />
      ) : notifications.isError ? (
        <p role="alert" className="px-4 py-6 text-sm text-fg-muted">
          Failed to load notifications
        </p>
      ) : items.length === 0 ? (
        <p className="px-4 py-6 text-sm text-fg-muted">
          No notifications yet. Follow creators to hear when they publish a film.
        </p>
      ) : (
        <ul aria-label="Notifications" className="max-h-96 overflow-y-auto py-1">
          {items.map((item) => {
            const unread = item.readAt === null;
            const Icon = item.kind === 'critic_review' ? MessageSquareQuote : Film;
            return (
              <li key={item.id}>
                <Link
                  to={filmPath(item.filmId)}
                  data-unread={unread ? 'true' : 'false'}
                  onClick={() => {
                    if (unread) markRead.mutate(item.id);
                    onNavigate?.();
                  }}
                  className={cn(
                    'flex items-start gap-3 px-4 py-3 text-sm transition-colors hover:bg-white/10 focus-visible:bg-white/10 focus-visible:outline-none',
                    unread ? 'bg-accent/10 text-fg' : 'text-fg-muted',
                  )}
                >
                  <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span className="flex-1">
                    <span className={cn('block', unread && 'font-semibold')}>
                      {describeNotification(item)}
                    </span>
                    <time dateTime={item.createdAt} className="text-xs text-fg-subtle">
                      {formatRelativeTime(item.createdAt)}
                    </time>
                  </span>
                  {unread ? (
                    <span className="mt-1.5 size-2 shrink-0 rounded-full bg-accent">
                      <span className="sr-only">Unread</span>
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
