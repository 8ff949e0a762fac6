import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toast } from '@/hooks/use-toast';
import { apiClient, unwrap } from '@/lib/api-client';
import { handleUnauthorized } from '@/lib/unauthorized';
import type { Film, ListEntry, WritableListType } from '@/lib/api/types';

import { getListQueryOptions } from './get-list';

/** POST /api/user/lists {filmId, listType}: adding again answers the same entry. */
export const addToList = (filmId: number, listType: WritableListType): Promise<ListEntry> =>
  unwrap(apiClient.POST('/api/user/lists', { body: { filmId, listType } }));

/** DELETE /api/user/lists/{listType}/{filmId}: a no-op when the film is not on the list. */
export const removeFromList = async (filmId: number, listType: WritableListType): Promise<void> => {
  await unwrap(
    apiClient.DELETE('/api/user/lists/{listType}/{filmId}', { params: { path: { listType, filmId } } }),
  );
};

export type ListFilm = Pick<Film, 'id' | 'title' | 'genre' | 'duration' | 'posterUrl' | 'creator'>;
type ToggleListEntry = { film: ListFilm; listType: WritableListType; add: boolean };

/** The entry shown until the server answers: the film's summary, with a temporary id. */
const pendingEntry = (film: ListFilm, listType: WritableListType): ListEntry => ({
  id: -film.id,
  filmId: film.id,
  listType,
  progressSeconds: null,
  durationSeconds: null,
  createdAt: new Date().toISOString(),
  film: {
    id: film.id,
    title: film.title,
    genre: film.genre,
    durationMinutes: film.duration,
    posterUrl: film.posterUrl,
    creatorId: film.creator.id,
  },
});

/**
 * Adds a film to, or removes it from, one of the member's lists. The button changes at once and goes
 * back if the call fails. Adding toasts 'Added to your list' or 'Failed to add to list'; a 401 goes
 * through handleUnauthorized.
 */
export function useToggleListEntry() {
  const queryClient = useQueryClient();

  return useMutation<unknown, Error, ToggleListEntry, { previous?: ListEntry[] }>({
    mutationFn: ({ film, listType, add }) =>
      add ? addToList(film.id, listType) : removeFromList(film.id, listType),
    onMutate: async ({ film, listType, add }) => {
      const { queryKey } = getListQueryOptions(listType);
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      const others = (previous ?? []).filter((entry) => entry.filmId !== film.id);
      queryClient.setQueryData(queryKey, add ? [pendingEntry(film, listType), ...others] : others);
      return { previous };
    },
    onSuccess: (_result, { add }) => {
      toast({ title: add ? 'Added to your list' : 'Removed from your list' });
    },
    onError: (error, { listType, add }, context) => {
      const { queryKey } = getListQueryOptions(listType);
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      else queryClient.removeQueries({ queryKey, exact: true });
      if (handleUnauthorized(error)) return;
      toast({ title: add ? 'Failed to add to list' : 'Failed to remove from list', variant: 'destructive' });
    },
    onSettled: (_result, _error, { listType }) =>
      queryClient.invalidateQueries({ queryKey: getListQueryOptions(listType).queryKey }),
  });
}
