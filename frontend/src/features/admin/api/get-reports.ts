import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/api-client';

import type { PageQuery } from './get-pending-films';
import { adminClient, type Report, type ReportStatus } from './types';

type ReportsQuery = PageQuery & { status: ReportStatus };

/** GET /api/admin/reports?status=: reports of films and reviews, oldest first. */
export const getReports = (query: ReportsQuery, signal?: AbortSignal): Promise<Report[]> =>
  unwrap(adminClient.GET('/api/admin/reports', { params: { query }, signal }));

export const REPORTS_KEY = ['admin', 'reports'] as const;

export const getReportsQueryOptions = (query: ReportsQuery) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, query] as const,
    queryFn: ({ signal }) => getReports(query, signal),
    placeholderData: keepPreviousData,
  });

export const useReports = (query: ReportsQuery) => useQuery(getReportsQueryOptions(query));
