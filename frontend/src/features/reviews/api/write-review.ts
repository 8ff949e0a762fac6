import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toast } from '@/hooks/use-toast';
import { apiClient, serverMessageOf, unwrap } from '@/lib/api-client';
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
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: (input: WriteReviewInput) => writeReview(filmId, input),
    onSuccess: async () => {
      toast({ title: 'Review submitted successfully' });
      onRatingChange?.();
      await queryClient.invalidateQueries({ queryKey: getReviewsQueryOptions(filmId).queryKey });
    },
    onError: toastFailure('Failed to submit review', (error) => serverMessageOf(error, [400])),
  });
}
