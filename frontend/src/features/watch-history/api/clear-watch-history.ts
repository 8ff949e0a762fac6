import { apiClient, unwrap } from '@/lib/api-client';
import { useToastedMutation } from '@/lib/query';
import { toastFailure } from '@/lib/unauthorized';

import { getWatchHistoryQueryOptions } from './get-watch-history';

/** DELETE /api/analytics/history → 204: nothing watched until now is listed any more. */
export const clearWatchHistory = async (): Promise<void> => {
  await unwrap(apiClient.DELETE('/api/analytics/history'));
};

/**
 * Clears the history: 'Watch history cleared' and the history fetched again, then `onCleared`
 * (Continue Watching empties too, another feature's); 'Failed to clear watch history' otherwise.
 */
export function useClearWatchHistory({ onCleared }: { onCleared?: () => void } = {}) {
  return useToastedMutation({
    mutationFn: clearWatchHistory,
    success: 'Watch history cleared',
    onDone: onCleared,
    invalidates: [getWatchHistoryQueryOptions().queryKey],
    onError: toastFailure('Failed to clear watch history'),
  });
}
