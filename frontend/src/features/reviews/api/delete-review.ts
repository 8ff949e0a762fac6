import { apiClient, unwrap } from '@/lib/api-client';
import { useToastedMutation } from '@/lib/query';
import { toastFailure } from '@/lib/unauthorized';
import type { Message } from '@/lib/api/types';

import { getReviewsQueryOptions } from './get-reviews';

/** DELETE /api/films/{id}/reviews/{reviewId}: its author, or an admin. */
export const deleteReview = (filmId: number, reviewId: number): Promise<Message> =>
  unwrap(
    apiClient.DELETE('/api/films/{id}/reviews/{reviewId}', { params: { path: { id: filmId, reviewId } } }),
  );

type UseDeleteReviewOptions = { onRatingChange?: () => void };

/** Deletes a review: 'Review deleted', or 'Failed to delete review'; a 401 goes through handleUnauthorized. */
export function useDeleteReview(filmId: number, { onRatingChange }: UseDeleteReviewOptions = {}) {
  return useToastedMutation({
    mutationFn: (reviewId: number) => deleteReview(filmId, reviewId),
    success: 'Review deleted',
    onDone: onRatingChange,
    invalidates: [getReviewsQueryOptions(filmId).queryKey],
    onError: toastFailure('Failed to delete review'),
  });
}
