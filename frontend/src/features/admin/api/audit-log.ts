import { useQuery } from '@tanstack/react-query';

import { apiClient, unwrap } from '@/lib/api-client';
import { pageQueryOptions } from '@/lib/query';
import type { AuditEntry, AuditQuery } from '@/lib/api/types';

/** GET /api/admin/audit: the audit log, newest first, filtered. */
export const getAuditLog = (query: AuditQuery, signal?: AbortSignal): Promise<AuditEntry[]> =>
  unwrap(apiClient.GET('/api/admin/audit', { params: { query }, signal }));

export const AUDIT_KEY = ['admin', 'audit'] as const;

export const useAuditLog = (query: AuditQuery) =>
  useQuery(pageQueryOptions([...AUDIT_KEY, query], (signal) => getAuditLog(query, signal)));
