import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

import { toast } from '@/hooks/use-toast';
import { apiClient, serverMessageOf, unwrap } from '@/lib/api-client';
import { browser } from '@/lib/browser';
import { toastFailure } from '@/lib/unauthorized';

/**
 * "Download my data": every service's part for the signed-in member, in one JSON file. Auth's part
 * is the call that puts the export on the audit log.
 */
export async function fetchMemberData() {
  const [{ account }, social, analytics, catalog, admin] = await Promise.all([
    unwrap(apiClient.POST('/api/auth/user/export')),
    unwrap(apiClient.GET('/api/user/export/social')),
    unwrap(apiClient.GET('/api/user/export/analytics')),
    unwrap(apiClient.GET('/api/user/export/catalog')),
    unwrap(apiClient.GET('/api/user/export/admin')),
  ]);
  return { exportedAt: new Date().toISOString(), account, ...social, ...analytics, ...catalog, ...admin };
}

export type MemberDataArchive = Awaited<ReturnType<typeof fetchMemberData>>;

export const archiveFilename = (exportedAt: string) => `kinora-my-data-${exportedAt.slice(0, 10)}.json`;

export async function downloadMemberData(): Promise<void> {
  const archive = await fetchMemberData();
  const blob = new Blob([JSON.stringify(archive, null, 2)], { type: 'application/json' });
  browser.download(archiveFilename(archive.exportedAt), blob);
}

export function useDownloadMemberData() {
  return useMutation({
    mutationFn: downloadMemberData,
    onSuccess: () =>
      toast({ title: 'Your data is downloaded', description: 'One JSON file with everything we hold.' }),
    onError: toastFailure('Could not download your data', serverMessageOf),
  });
}

/** The delete dialog's rule: the member types their account's email (any case, spaces trimmed). */
export const deleteAccountSchema = (email: string) =>
  z.object({
    confirm: z
      .string()
      .trim()
      .refine((typed) => typed.toLowerCase() === email.toLowerCase(), 'Type your email address exactly'),
  });

export type DeleteAccountValues = z.infer<ReturnType<typeof deleteAccountSchema>>;

/** DELETE /api/auth/user: the account is deleted for good and its sessions end. */
export const deleteAccount = async (confirm: string): Promise<void> => {
  await unwrap(apiClient.DELETE('/api/auth/user', { body: { confirm } }));
};

export function useDeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      toast({ title: 'Your account is deleted', description: 'We are sorry to see you go.' });
      onDeleted();
    },
    onError: toastFailure('Could not delete your account', serverMessageOf),
  });
}
