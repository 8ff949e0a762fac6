import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toast } from '@/hooks/use-toast';
import { apiClient, serverMessageOf, unwrap } from '@/lib/api-client';
import { toastFailure } from '@/lib/unauthorized';
import type { CloseReportInput, Report } from '@/lib/api/types';

import { getAdminStatsQueryOptions } from './get-admin-stats';
import { REPORTS_KEY } from './get-reports';

/** PATCH /api/admin/reports/{id} {status: resolved|dismissed, note?}. */
export const decideReport = (reportId: number, input: CloseReportInput): Promise<Report> =>
  unwrap(apiClient.PATCH('/api/admin/reports/{id}', { params: { path: { id: reportId } }, body: input }));

/** 'Report resolved' / 'Report dismissed', else 'Failed to update report'; the queue and counters refresh. */
export function useDecideReport() {
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: ({ reportId, ...input }: CloseReportInput & { reportId: number }) =>
      decideReport(reportId, input),
    onSuccess: (report) => {
      toast({ title: report.status === 'resolved' ? 'Report resolved' : 'Report dismissed' });
    },
    onError: toastFailure('Failed to update report', serverMessageOf),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: REPORTS_KEY }),
        queryClient.invalidateQueries({ queryKey: getAdminStatsQueryOptions().queryKey }),
      ]),
  });
}
