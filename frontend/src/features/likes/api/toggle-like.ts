import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';

import { paths } from '@/config/paths';
import { apiClient, isApiError, unwrap } from '@/lib/api-client';
import type { FilmLike, FilmLikeCount, LikedFilms } from '@/lib/api/types';

import { getLikeCountQueryOptions, getMyLikesQueryOptions } from './get-my-likes';

/** POST /api/films/{id}/like or /unlike → the caller's like and the film's like count after it. */
export const setLike = (filmId: number, liked: boolean): Promise<FilmLike> =>
  unwrap(
    liked
      ? apiClient.POST('/api/films/{id}/like', { params: { path: { id: filmId } } })
      : apiClient.POST('/api/films/{id}/unlike', { params: { path: { id: filmId } } }),
  );

type ToggleLike = { filmId: number; liked: boolean };
type Snapshot = { likes?: LikedFilms; count?: FilmLikeCount };

const withFilm = (filmIds: number[], filmId: number, liked: boolean) =>
  liked ? [filmId, ...filmIds.filter((id) => id !== filmId)] : filmIds.filter((id) => id !== filmId);

/**
 * Likes or unlikes a film for the signed-in member. The heart (and a shown like count) changes at
 * once and goes back if the call fails; failures are logged only, and a 401 goes to /auth.
 */
export function useToggleLike() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const likesKey = getMyLikesQueryOptions().queryKey;

  return useMutation<FilmLike, Error, ToggleLike, Snapshot>({
    mutationFn: ({ filmId, liked }) => setLike(filmId, liked),
    onMutate: async ({ filmId, liked }) => {
      const countKey = getLikeCountQueryOptions(filmId).queryKey;
      await Promise.all([
        queryClient.cancelQueries({ queryKey: likesKey }),
        queryClient.cancelQueries({ queryKey: countKey }),
      ]);
      const snapshot: Snapshot = {
        likes: queryClient.getQueryData(likesKey),
        count: queryClient.getQueryData(countKey),
      };
      const wasLiked = snapshot.likes?.filmIds.includes(filmId) ?? false;
      queryClient.setQueryData(likesKey, { filmIds: withFilm(snapshot.likes?.filmIds ?? [], filmId, liked) });
      if (snapshot.count && wasLiked !== liked) {
        const likeCount = Math.max(0, snapshot.count.likeCount + (liked ? 1 : -1));
        queryClient.setQueryData(countKey, { ...snapshot.count, likeCount });
      }
      return snapshot;
    },
    onSuccess: (result) => {
      queryClient.setQueryData(getLikeCountQueryOptions(result.filmId).queryKey, {
        filmId: result.filmId,
        likeCount: result.likeCount,
      });
    },
    onError: (error, { filmId }, snapshot) => {
      if (snapshot?.likes) queryClient.setQueryData(likesKey, snapshot.likes);
      else queryClient.removeQueries({ queryKey: likesKey, exact: true });
      if (snapshot?.count)
        queryClient.setQueryData(getLikeCountQueryOptions(filmId).queryKey, snapshot.count);
      console.warn('[likes] could not update the like', error);
      if (isApiError(error) && error.status === 401) void navigate(paths.auth);
    },
  });
}
