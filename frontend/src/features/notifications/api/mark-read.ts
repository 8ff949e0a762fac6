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

/** Marking read: the notifications are fetched again either way; a failure toasts `failure`. */
function useMarkRead<TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<unknown>,
  failure: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
    onError: toastFailure(failure),
  });
}

export const useMarkNotificationRead = () =>
  useMarkRead(markNotificationRead, 'Failed to update notification');

export const useMarkAllNotificationsRead = () =>
  useMarkRead(markAllNotificationsRead, 'Failed to update notifications');
