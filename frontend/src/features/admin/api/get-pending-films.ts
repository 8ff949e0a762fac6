import { useQuery } from '@tanstack/react-query';

import { apiClient, unwrap } from '@/lib/api-client';
import { pageQueryOptions } from '@/lib/query';
import type { PendingFilm } from '@/lib/api/types';

export type PageQuery = { limit: number; offset: number };

/** GET /api/admin/films/pending: films awaiting review, oldest submission first, with their creator. */
export const getPendingFilms = (page: PageQuery, signal?: AbortSignal): Promise<PendingFilm[]> =>
  unwrap(apiClient.GET('/api/admin/films/pending', { params: { query: page }, signal }));

/** Every page of the queue shares this prefix, so a decision refreshes them all. */
export const PENDING_FILMS_KEY = ['admin', 'films', 'pending'] as const;

export const getPendingFilmsQueryOptions = (page: PageQuery) =>
  pageQueryOptions([...PENDING_FILMS_KEY, page], (signal) => getPendingFilms(page, signal));

export const usePendingFilms = (page: PageQuery) => useQuery(getPendingFilmsQueryOptions(page));
