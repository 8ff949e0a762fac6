import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { FILM_RATING_REFRESH_DELAY_MS } from '@/config/constants';
import { apiClient, isApiError, unwrap } from '@/lib/api-client';
import { fetchQueryOptions } from '@/lib/query';
import type { Film } from '@/lib/api/types';

/** GET /api/films/{id}; 404 when the film does not exist or is hidden from the viewer. */
export const getFilm = (id: number, signal?: AbortSignal): Promise<Film> =>
  unwrap(apiClient.GET('/api/films/{id}', { params: { path: { id } }, signal }));

export const getFilmQueryOptions = (id: number) =>
  fetchQueryOptions(['films', 'detail', id], (signal) => getFilm(id, signal));

export const useFilm = (id: number) => useQuery(getFilmQueryOptions(id));

/**
 * After a review changes: refetch the film now, and once more a little later, because its rating
 * reaches catalog by an event after the review call has answered.
 */
export function useRefreshFilmRating(id: number): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: getFilmQueryOptions(id).queryKey });
    refresh();
    setTimeout(refresh, FILM_RATING_REFRESH_DELAY_MS);
  }, [queryClient, id]);
}

/** Whether a failed film load means "there is no such film" (the not-found screen) rather than an outage. */
export const isFilmNotFound = (error: unknown): boolean =>
  isApiError(error) && (error.status === 404 || error.status === 400);
