import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_DEFAULT_LIMIT, NOTIFICATIONS_POLL_INTERVAL_MS } from '@kinora/contracts';

import { apiClient, unwrap } from '@/lib/api-client';
import type { Notification, UnreadCount } from '@/lib/api/types';

const NOTIFICATIONS_KEY = ['notifications'] as const;

/** GET /api/notifications: the member's newest notifications. */
export const getNotifications = (limit = NOTIFICATIONS_DEFAULT_LIMIT): Promise<Notification[]> =>
  unwrap(apiClient.GET('/api/notifications', { params: { query: { limit } } }));

export const getNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'list'] as const,
    queryFn: () => getNotifications(),
  });

export const useNotifications = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getNotificationsQueryOptions(), enabled });

/** GET /api/notifications/unread-count. */
export const getUnreadCount = (): Promise<UnreadCount> =>
  unwrap(apiClient.GET('/api/notifications/unread-count'));

/** The bell's badge: the one query of the app that polls (every 60 s). */
export const getUnreadCountQueryOptions = () =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'unread-count'] as const,
    queryFn: getUnreadCount,
    refetchInterval: NOTIFICATIONS_POLL_INTERVAL_MS,
  });

export const useUnreadCount = () => useQuery(getUnreadCountQueryOptions());

/** Every notifications query, to refresh after a change. */
export const notificationsQueryKey = NOTIFICATIONS_KEY;
