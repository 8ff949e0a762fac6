import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient, unwrap } from '@/lib/api-client';
import type { Film, FilmView } from '@/lib/api/types';

import { getFilmQueryOptions } from './get-film';

/**
 * POST /api/films/{id}/view when Play is pressed. It counts nothing (views are qualified viewing
 * sessions, docs/catalog.md, the view rule): the answer refreshes the film's view count.
 */
export const recordView = (id: number): Promise<FilmView> =>
  unwrap(apiClient.POST('/api/films/{id}/view', { params: { path: { id } } }));

/** Tells catalog Play was pressed and puts the returned count into the cached film. Failures are logged only. */
export function useRecordView() {
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: recordView,
    onSuccess: ({ viewCount }, id) => {
      queryClient.setQueryData(getFilmQueryOptions(id).queryKey, (film: Film | undefined) =>
        film ? { ...film, viewCount } : film,
      );
    },
    onError: (error) => {
      console.warn('[films] could not record the view', error);
    },
  });
}
