import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toast } from '@/hooks/use-toast';
import { apiClient, unwrap } from '@/lib/api-client';
import { toastFailure } from '@/lib/unauthorized';
import type { ListEntry, Message } from '@/lib/api/types';

import { listsKey } from './get-list';

type RemovableEntry = Pick<ListEntry, 'filmId'> & { listType: 'watchlist' | 'favorites' };

/** DELETE /api/user/lists/{listType}/{filmId}. */
export const removeFromList = ({ listType, filmId }: RemovableEntry): Promise<Message> =>
  unwrap(apiClient.DELETE('/api/user/lists/{listType}/{filmId}', { params: { path: { listType, filmId } } }));

/** Removes a film from the watchlist or favorites: 'Removed from your list', or 'Failed to remove from list'. */
export function useRemoveFromList({ onRemoved }: { onRemoved?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromList,
    onSuccess: async () => {
      toast({ title: 'Removed from your list' });
      onRemoved?.();
      await queryClient.invalidateQueries({ queryKey: listsKey });
    },
    onError: toastFailure('Failed to remove from list'),
  });
}
