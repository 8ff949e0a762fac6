import { apiClient, serverMessageOf, unwrap } from '@/lib/api-client';
import { useToastedMutation } from '@/lib/query';
import { toastFailure } from '@/lib/unauthorized';
import type { Review, WriteReviewInput } from '@/lib/api/types';

import { getReviewsQueryOptions } from './get-reviews';

export type { WriteReviewInput };

/** POST /api/films/{id}/reviews {rating, review}; posting again replaces the member's review. */
export const writeReview = (filmId: number, input: WriteReviewInput): Promise<Review> =>
  unwrap(apiClient.POST('/api/films/{id}/reviews', { params: { path: { id: filmId } }, body: input }));

type UseWriteReviewOptions = {
  /** The film's rating changed (its query lives in another feature, so the page passes this in). */
  onRatingChange?: () => void;
};

/**
 * Writes the signed-in member's review: 'Review submitted successfully', or 'Failed to submit review'
 * (with the server's reason for a 400); a 401 goes through handleUnauthorized.
 */
export function useWriteReview(filmId: number, { onRatingChange }: UseWriteReviewOptions = {}) {
  return useToastedMutation({
    mutationFn: (input: WriteReviewInput) => writeReview(filmId, input),
    success: 'Review submitted successfully',
    onDone: onRatingChange,
    invalidates: [getReviewsQueryOptions(filmId).queryKey],
    onError: toastFailure('Failed to submit review', (error) => serverMessageOf(error, [400])),
  });
}
