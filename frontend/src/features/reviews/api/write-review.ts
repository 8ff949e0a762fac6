import { apiClient, serverMessageOf, unwrap } from '@/lib/api-client';
import { toastFailure } from '@/lib/unauthorized';
import type { Review, WriteReviewInput } from '@/lib/api/types';

import { useReviewChange, type ReviewChangeOptions } from './get-reviews';

export type { WriteReviewInput };

/** POST /api/films/{id}/reviews {rating, review}; posting again replaces the member's review. */
export const writeReview = (filmId: number, input: WriteReviewInput): Promise<Review> =>
  unwrap(apiClient.POST('/api/films/{id}/reviews', { params: { path: { id: filmId } }, body: input }));

/**
 * Writes the signed-in member's review: 'Review submitted successfully', or 'Failed to submit review'
 * (with the server's reason for a 400); a 401 goes through handleUnauthorized.
 */
export function useWriteReview(filmId: number, options: ReviewChangeOptions = {}) {
  return useReviewChange(filmId, options, {
    mutationFn: (input: WriteReviewInput) => writeReview(filmId, input),
    success: 'Review submitted successfully',
    onError: toastFailure('Failed to submit review', (error) => serverMessageOf(error, [400])),
  });
}
