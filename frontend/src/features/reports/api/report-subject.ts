// TEMPORARY, hand-written: POST /api/reports and the reason list are being added (admin service and
// @kinora/contracts) on another branch. Once they land, take REPORT_REASONS from @kinora/contracts,
// the shapes from lib/api/types.ts, and call `apiClient` directly.
import { useMutation } from '@tanstack/react-query';
import type { Client } from 'openapi-fetch';

import { toast } from '@/hooks/use-toast';
import { apiClient, isApiError, unwrap } from '@/lib/api-client';
import { handleUnauthorized } from '@/lib/unauthorized';

export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate',
  'sexual',
  'violence',
  'copyright',
  'undisclosed_ai',
  'impersonation',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_DETAILS_MAX_LENGTH = 1000;

export type ReportSubjectType = 'film' | 'review';
export type ReportInput = {
  subjectType: ReportSubjectType;
  subjectId: number;
  reason: ReportReason;
  details?: string;
};
type ReportCreated = { id: number; status: string };

type ReportPaths = {
  '/api/reports': {
    post: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody: { content: { 'application/json': ReportInput } };
      responses: {
        200: { headers: Record<string, unknown>; content: { 'application/json': ReportCreated } };
        201: { headers: Record<string, unknown>; content: { 'application/json': ReportCreated } };
      };
    };
  };
};
const reportsClient = apiClient as unknown as Client<ReportPaths>;

/**
 * POST /api/reports: any signed-in member; reporting the same subject again while the first report is
 * open returns that report instead of a second one.
 */
export const reportSubject = (input: ReportInput): Promise<ReportCreated> =>
  unwrap(reportsClient.POST('/api/reports', { body: input }));

/** 'Report sent', else 'Failed to send report' with the server's reason; a 401 goes through handleUnauthorized. */
export const useReportSubject = () =>
  useMutation({
    mutationFn: reportSubject,
    onSuccess: () => toast({ title: 'Report sent', description: 'Thank you. A moderator will look at it.' }),
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({
        title: 'Failed to send report',
        description: isApiError(error) && error.status < 500 ? error.serverMessage : 'Please try again.',
        variant: 'destructive',
      });
    },
  });
