import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient, unwrap } from '@/lib/api-client';
import { toastFailure } from '@/lib/unauthorized';
import type { Notification, UnreadCount } from '@/lib/api/types';

import { notificationsQueryKey } from './get-notifications';

/** POST /api/notifications/{id}/read. */
export const markNotificationRead = (id: number): Promise<Notification> =>
  unwrap(apiClient.POST('/api/notifications/{id}/read', { params: { path: { id } } }));

/** POST /api/notifications/read-all: answers the unread count after, 0. */
export const markAllNotificationsRead = (): Promise<UnreadCount> =>
  unwrap(apiClient.POST('/api/notifications/read-all'));

function useRefreshOnSettled() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
}

export function useMarkNotificationRead() {
  const refresh = useRefreshOnSettled();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: refresh,
    onError: toastFailure('Failed to update notification'),
  });
}

export function useMarkAllNotificationsRead() {
  const refresh = useRefreshOnSettled();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSettled: refresh,
    onError: toastFailure('Failed to update notifications'),
  });
}
