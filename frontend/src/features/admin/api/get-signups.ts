import { useQuery } from '@tanstack/react-query';

import { apiClient, unwrap } from '@/lib/api-client';
import { pageQueryOptions } from '@/lib/query';
import type { FeedbackEntry, WaitlistEntry } from '@/lib/api/types';

import type { PageQuery } from './get-pending-films';

/** GET /api/admin/waitlist: pre-launch waitlist addresses, newest first. */
export const getWaitlist = (page: PageQuery, signal?: AbortSignal): Promise<WaitlistEntry[]> =>
  unwrap(apiClient.GET('/api/admin/waitlist', { params: { query: page }, signal }));

/** GET /api/admin/feedback: "Help Shape" feedback, newest first. */
export const getFeedback = (page: PageQuery, signal?: AbortSignal): Promise<FeedbackEntry[]> =>
  unwrap(apiClient.GET('/api/admin/feedback', { params: { query: page }, signal }));

export const getWaitlistQueryOptions = (page: PageQuery) =>
  pageQueryOptions(['admin', 'waitlist', page], (signal) => getWaitlist(page, signal));

export const getFeedbackQueryOptions = (page: PageQuery) =>
  pageQueryOptions(['admin', 'feedback', page], (signal) => getFeedback(page, signal));

export const useWaitlist = (page: PageQuery) => useQuery(getWaitlistQueryOptions(page));
export const useFeedback = (page: PageQuery) => useQuery(getFeedbackQueryOptions(page));
