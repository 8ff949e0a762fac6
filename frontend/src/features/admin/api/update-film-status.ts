import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toast } from '@/hooks/use-toast';
import { apiClient, unwrap } from '@/lib/api-client';
import { toastFailure } from '@/lib/unauthorized';
import type { DecideFilmInput, FilmDecision } from '@/lib/api/types';

import { getAdminStatsQueryOptions } from './get-admin-stats';
import { PENDING_FILMS_KEY } from './get-pending-films';

/**
 * PATCH /api/admin/films/{id}/status {status, reason}: publish, or archive with a reason (required
 * then). Only a pending film can be decided (409 otherwise).
 */
export const updateFilmStatus = (filmId: number, input: DecideFilmInput): Promise<FilmDecision> =>
  unwrap(apiClient.PATCH('/api/admin/films/{filmId}/status', { params: { path: { filmId } }, body: input }));

/**
 * 'Success - Film status updated successfully', or 'Error - Failed to update film status'; a 401
 * goes through handleUnauthorized. The queue and the counters are fetched again either way (a 409
 * means someone else decided first).
 */
export function useUpdateFilmStatus() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: PENDING_FILMS_KEY }),
      queryClient.invalidateQueries({ queryKey: getAdminStatsQueryOptions().queryKey }),
    ]);

  return useMutation({
    mutationFn: ({ filmId, ...input }: DecideFilmInput & { filmId: number }) =>
      updateFilmStatus(filmId, input),
    onSuccess: () => {
      toast({ title: 'Success', description: 'Film status updated successfully' });
    },
    onError: toastFailure('Error', () => 'Failed to update film status'),
    onSettled: refresh,
  });
}
