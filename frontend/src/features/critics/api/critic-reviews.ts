import { useQuery } from '@tanstack/react-query';

import { apiClient, serverMessageOf, unwrap } from '@/lib/api-client';
import { fetchQueryOptions, useToastedMutation } from '@/lib/query';
import { toastFailure } from '@/lib/unauthorized';
import type { CriticReview, WriteCriticReviewInput } from '@/lib/api/types';

import { getCriticDashboardQueryOptions } from './get-critic-dashboard';

/** GET /api/films/{id}/critic-reviews: public, newest first, each with its critic. */
export const getFilmCriticReviews = (filmId: number, signal?: AbortSignal): Promise<CriticReview[]> =>
  unwrap(apiClient.GET('/api/films/{id}/critic-reviews', { params: { path: { id: filmId } }, signal }));

export const getFilmCriticReviewsQueryOptions = (filmId: number) =>
  fetchQueryOptions(['critics', 'film-reviews', filmId], (signal) => getFilmCriticReviews(filmId, signal));

export const useFilmCriticReviews = (filmId: number) => useQuery(getFilmCriticReviewsQueryOptions(filmId));

/** POST /api/films/{id}/critic-reviews; posting again replaces the critic's review. */
export const writeCriticReview = (filmId: number, input: WriteCriticReviewInput): Promise<CriticReview> =>
  unwrap(apiClient.POST('/api/films/{id}/critic-reviews', { params: { path: { id: filmId } }, body: input }));

/** 'Review submitted successfully', or 'Failed to submit review' with the server's reason for a 400. */
export function useWriteCriticReview(filmId: number) {
  return useToastedMutation({
    mutationFn: (input: WriteCriticReviewInput) => writeCriticReview(filmId, input),
    success: 'Review submitted successfully',
    invalidates: [
      getFilmCriticReviewsQueryOptions(filmId).queryKey,
      getCriticDashboardQueryOptions().queryKey,
    ],
    onError: toastFailure('Failed to submit review', (error) => serverMessageOf(error, [400])),
  });
}
