import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { toast } from '@/hooks/use-toast';
import { apiClient, unwrap } from '@/lib/api-client';
import { fetchQueryOptions } from '@/lib/query';
import { handleUnauthorized, toastFailure } from '@/lib/unauthorized';
import type { CaptionInput, CreateStudioFilmInput, StudioFilm, UpdateStudioFilmInput } from '@/lib/api/types';

import { studioErrorText } from '../utils/studio-errors';

/** While a film's media is being made, its page and the Films tab ask again this often. */
export const STUDIO_POLL_MS = 2000;

const isWorking = (film: StudioFilm) => film.media.status === 'queued' || film.media.status === 'processing';

/** GET /api/studio/films: the signed-in creator's films, newest first, in every status. */
export const getStudioFilms = (signal?: AbortSignal): Promise<StudioFilm[]> =>
  unwrap(apiClient.GET('/api/studio/films', { signal }));

export const getStudioFilmsQueryOptions = () => fetchQueryOptions(['studio', 'films'], getStudioFilms);

/** Polls while any film is still being transcoded, so its percent moves. */
export const useStudioFilms = (enabled = true) =>
  useQuery({
    ...getStudioFilmsQueryOptions(),
    enabled,
    refetchInterval: (query) => (query.state.data?.some(isWorking) ? STUDIO_POLL_MS : false),
  });

/** GET /api/studio/films/{id}. */
export const getStudioFilm = (id: number, signal?: AbortSignal): Promise<StudioFilm> =>
  unwrap(apiClient.GET('/api/studio/films/{id}', { params: { path: { id } }, signal }));

export const getStudioFilmQueryOptions = (id: number) =>
  fetchQueryOptions(['studio', 'films', id], (signal) => getStudioFilm(id, signal));

/** Every 2 s until the media is ready or failed. */
export const useStudioFilm = (id: number) =>
  useQuery({
    ...getStudioFilmQueryOptions(id),
    refetchInterval: (query) => (!query.state.data || isWorking(query.state.data) ? STUDIO_POLL_MS : false),
  });

export const createStudioFilm = (input: CreateStudioFilmInput): Promise<StudioFilm> =>
  unwrap(apiClient.POST('/api/studio/films', { body: input }));

/** POST /api/studio/films: the caller shows the failure in the form, in the server's words. */
export function useCreateStudioFilm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStudioFilm,
    onSuccess: async (film) => {
      queryClient.setQueryData(getStudioFilmQueryOptions(film.id).queryKey, film);
      await queryClient.invalidateQueries({ queryKey: getStudioFilmsQueryOptions().queryKey, exact: true });
    },
    onError: handleUnauthorized,
  });
}

export const updateStudioFilm = (id: number, input: UpdateStudioFilmInput): Promise<StudioFilm> =>
  unwrap(apiClient.PATCH('/api/studio/films/{id}', { params: { path: { id } }, body: input }));

export const replaceStudioFilmCaptions = (id: number, captions: CaptionInput[]): Promise<StudioFilm> =>
  unwrap(apiClient.PUT('/api/studio/films/{id}/captions', { params: { path: { id } }, body: { captions } }));

export const deleteStudioFilm = async (id: number): Promise<void> => {
  await unwrap(apiClient.DELETE('/api/studio/films/{id}', { params: { path: { id } } }));
};

/** A changed film replaces its entry in the list and its own cache. */
function useStoreFilm() {
  const queryClient = useQueryClient();
  return (film: StudioFilm) => {
    queryClient.setQueryData(getStudioFilmQueryOptions(film.id).queryKey, film);
    queryClient.setQueryData(getStudioFilmsQueryOptions().queryKey, (films) =>
      films?.map((other) => (other.id === film.id ? film : other)),
    );
  };
}

const failureToast = (title: string) => toastFailure(title, studioErrorText);

/** PATCH /api/studio/films/{id}: 'Film details saved'. */
export function useUpdateStudioFilm() {
  const store = useStoreFilm();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateStudioFilmInput }) => updateStudioFilm(id, input),
    onSuccess: (film) => {
      store(film);
      toast({ title: 'Film details saved' });
    },
  });
}

/** PUT /api/studio/films/{id}/captions: the new set replaces every caption. */
export function useReplaceCaptions() {
  const store = useStoreFilm();
  return useMutation({
    mutationFn: ({ id, captions }: { id: number; captions: CaptionInput[] }) =>
      replaceStudioFilmCaptions(id, captions),
    onSuccess: (film) => {
      store(film);
      toast({ title: film.captions.length > 0 ? 'Captions updated' : 'Captions removed' });
    },
  });
}

/** DELETE /api/studio/films/{id}: only a film that is not published. */
export function useDeleteStudioFilm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStudioFilm,
    onSuccess: async (_nothing, id) => {
      queryClient.removeQueries({ queryKey: getStudioFilmQueryOptions(id).queryKey });
      queryClient.setQueryData(getStudioFilmsQueryOptions().queryKey, (films) =>
        films?.filter((film) => film.id !== id),
      );
      toast({ title: 'Film deleted' });
    },
    onError: failureToast('Failed to delete film'),
  });
}
