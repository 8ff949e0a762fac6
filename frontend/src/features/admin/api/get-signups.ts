import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/api-client';

import type { PageQuery } from './get-pending-films';
import { adminClient, type FeedbackEntry, type WaitlistEntry } from './types';

/** GET /api/admin/waitlist: pre-launch waitlist addresses, newest first. */
export const getWaitlist = (page: PageQuery, signal?: AbortSignal): Promise<WaitlistEntry[]> =>
  unwrap(adminClient.GET('/api/admin/waitlist', { params: { query: page }, signal }));

/** GET /api/admin/feedback: "Help Shape" feedback, newest first. */
export const getFeedback = (page: PageQuery, signal?: AbortSignal): Promise<FeedbackEntry[]> =>
  unwrap(adminClient.GET('/api/admin/feedback', { params: { query: page }, signal }));

export const getWaitlistQueryOptions = (page: PageQuery) =>
  queryOptions({
    queryKey: ['admin', 'waitlist', page] as const,
    queryFn: ({ signal }) => getWaitlist(page, signal),
    placeholderData: keepPreviousData,
  });

export const getFeedbackQueryOptions = (page: PageQuery) =>
  queryOptions({
    queryKey: ['admin', 'feedback', page] as const,
    queryFn: ({ signal }) => getFeedback(page, signal),
    placeholderData: keepPreviousData,
  });

export const useWaitlist = (page: PageQuery) => useQuery(getWaitlistQueryOptions(page));
export const useFeedback = (page: PageQuery) => useQuery(getFeedbackQueryOptions(page));
