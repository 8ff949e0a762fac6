import { apiClient, unwrap } from '@/lib/api-client';
import { toastFailure } from '@/lib/unauthorized';
import type { Message } from '@/lib/api/types';

import { useReviewChange, type ReviewChangeOptions } from './get-reviews';

/** DELETE /api/films/{id}/reviews/{reviewId}: its author, or an admin. */
export const deleteReview = (filmId: number, reviewId: number): Promise<Message> =>
  unwrap(
    apiClient.DELETE('/api/films/{id}/reviews/{reviewId}', { params: { path: { id: filmId, reviewId } } }),
  );

/** Deletes a review: 'Review deleted', or 'Failed to delete review'; a 401 goes through handleUnauthorized. */
export function useDeleteReview(filmId: number, options: ReviewChangeOptions = {}) {
  return useReviewChange(filmId, options, {
    mutationFn: (reviewId: number) => deleteReview(filmId, reviewId),
    success: 'Review deleted',
    onError: toastFailure('Failed to delete review'),
  });
}
