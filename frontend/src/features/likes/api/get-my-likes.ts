import { useQuery } from '@tanstack/react-query';

import { apiClient, unwrap } from '@/lib/api-client';
import { fetchQueryOptions } from '@/lib/query';
import type { LikedFilms } from '@/lib/api/types';

/** GET /api/user/likes → the signed-in member's liked film ids (signed-in only). */
export const getMyLikes = (signal?: AbortSignal): Promise<LikedFilms> =>
  unwrap(apiClient.GET('/api/user/likes', { signal }));

/** Fetched once per session and shared by every heart (queries never go stale). */
export const getMyLikesQueryOptions = () => fetchQueryOptions(['likes', 'mine'], getMyLikes);

export const useMyLikes = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...getMyLikesQueryOptions(), enabled });

/** GET /api/films/{id}/likes → the film's like count (public). */
export const getLikeCount = (filmId: number, signal?: AbortSignal) =>
  unwrap(apiClient.GET('/api/films/{id}/likes', { params: { path: { id: filmId } }, signal }));

export const getLikeCountQueryOptions = (filmId: number) =>
  fetchQueryOptions(['likes', 'count', filmId], (signal) => getLikeCount(filmId, signal));

export const useLikeCount = (filmId: number) => useQuery(getLikeCountQueryOptions(filmId));
