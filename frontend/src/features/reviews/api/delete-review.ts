import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toast } from '@/hooks/use-toast';
import { apiClient, unwrap } from '@/lib/api-client';
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
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: (reviewId: number) => deleteReview(filmId, reviewId),
    onSuccess: async () => {
      toast({ title: 'Review deleted' });
      onRatingChange?.();
      await queryClient.invalidateQueries({ queryKey: getReviewsQueryOptions(filmId).queryKey });
    },
    onError: toastFailure('Failed to delete review'),
  });
}
