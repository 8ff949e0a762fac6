import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { Film } from '@/types/api';

import { getFilmQueryOptions } from './get-film';

export type RecordViewResult = { counted: boolean; viewCount: number };

/**
 * POST /api/films/{id}/view when Play is pressed. The server counts the same viewer once per
 * 30 minutes (docs/catalog.md, the view rule) and answers with the film's current view count.
 */
export const recordView = (id: number): Promise<RecordViewResult> =>
  api.post<RecordViewResult>(`/api/films/${id}/view`);

/** Records a view and puts the returned count into the cached film. Failures are logged only. */
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
