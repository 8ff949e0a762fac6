import { useQuery } from '@tanstack/react-query';

import type { ReportStatus } from '@kinora/contracts';
import { apiClient, unwrap } from '@/lib/api-client';
import { pageQueryOptions } from '@/lib/query';
import type { Report } from '@/lib/api/types';

import type { PageQuery } from './get-pending-films';

type ReportsQuery = PageQuery & { status: ReportStatus };

/** GET /api/admin/reports?status=: reports of films and reviews, oldest first. */
export const getReports = (query: ReportsQuery, signal?: AbortSignal): Promise<Report[]> =>
  unwrap(apiClient.GET('/api/admin/reports', { params: { query }, signal }));

export const REPORTS_KEY = ['admin', 'reports'] as const;

export const getReportsQueryOptions = (query: ReportsQuery) =>
  pageQueryOptions([...REPORTS_KEY, query], (signal) => getReports(query, signal));

export const useReports = (query: ReportsQuery) => useQuery(getReportsQueryOptions(query));
