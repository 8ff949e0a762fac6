import { apiClient, unwrap } from '@/lib/api-client';
import { useToastedMutation } from '@/lib/query';
import { toastFailure } from '@/lib/unauthorized';
import type { ListEntry, Message } from '@/lib/api/types';

import { listsKey } from './get-list';

type RemovableEntry = Pick<ListEntry, 'filmId'> & { listType: 'watchlist' | 'favorites' };

/** DELETE /api/user/lists/{listType}/{filmId}. */
export const removeFromList = ({ listType, filmId }: RemovableEntry): Promise<Message> =>
  unwrap(apiClient.DELETE('/api/user/lists/{listType}/{filmId}', { params: { path: { listType, filmId } } }));

/** Removes a film from the watchlist or favorites: 'Removed from your list', or 'Failed to remove from list'. */
export function useRemoveFromList({ onRemoved }: { onRemoved?: () => void } = {}) {
  return useToastedMutation({
    mutationFn: removeFromList,
    success: 'Removed from your list',
    onDone: onRemoved,
    invalidates: [listsKey],
    onError: toastFailure('Failed to remove from list'),
  });
}
