import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { REVIEWS_PAGE_SIZE } from '@/config/constants';
import { apiClient, unwrap } from '@/lib/api-client';
import { useToastedMutation, type ToastedMutation } from '@/lib/query';
import type { Review } from '@/lib/api/types';

/** GET /api/films/{id}/reviews?limit&offset: public, newest first, each with its reviewer. */
export const getReviews = (
  filmId: number,
  { limit, offset }: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<Review[]> =>
  unwrap(
    apiClient.GET('/api/films/{id}/reviews', {
      params: { path: { id: filmId }, query: { limit, offset } },
      signal,
    }),
  );

/** Pages of {@link REVIEWS_PAGE_SIZE}; a full page means there may be more. */
export const getReviewsQueryOptions = (filmId: number) =>
  infiniteQueryOptions({
    queryKey: ['reviews', 'film', filmId] as const,
    queryFn: ({ pageParam, signal }) =>
      getReviews(filmId, { limit: REVIEWS_PAGE_SIZE, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) =>
      lastPage.length < REVIEWS_PAGE_SIZE ? undefined : pages.reduce((count, page) => count + page.length, 0),
  });

export const useFilmReviews = (filmId: number) => useInfiniteQuery(getReviewsQueryOptions(filmId));

export type ReviewChangeOptions = {
  /** The film's rating changed (its query lives in another feature, so the page passes this in). */
  onRatingChange?: () => void;
};

/** A change to the film's reviews: its success toast, then `onRatingChange`, then the reviews fetched again. */
export const useReviewChange = <TData, TVariables>(
  filmId: number,
  { onRatingChange }: ReviewChangeOptions,
  mutation: Pick<ToastedMutation<TData, TVariables>, 'mutationFn' | 'success' | 'onError'>,
) =>
  useToastedMutation({
    ...mutation,
    onDone: onRatingChange,
    invalidates: [getReviewsQueryOptions(filmId).queryKey],
  });
