import { useMutation } from '@tanstack/react-query';

import { toast } from '@/hooks/use-toast';
import { apiClient, isApiError, unwrap } from '@/lib/api-client';
import { toastFailure } from '@/lib/unauthorized';
import type { CreateReportInput, Report } from '@/lib/api/types';

/**
 * POST /api/reports {subjectType, subjectId, reason, details?}: any signed-in member; reporting the
 * same subject again while the first report is open returns that report instead of a second one.
 */
export const reportSubject = (input: CreateReportInput): Promise<Report> =>
  unwrap(apiClient.POST('/api/reports', { body: input }));

/** 'Report sent', else 'Failed to send report' with the server's reason; a 401 goes through handleUnauthorized. */
export const useReportSubject = () =>
  useMutation({
    mutationFn: reportSubject,
    onSuccess: () => toast({ title: 'Report sent', description: 'Thank you. A moderator will look at it.' }),
    onError: toastFailure('Failed to send report', (error) =>
      isApiError(error) && error.status < 500 ? error.serverMessage : 'Please try again.',
    ),
  });
