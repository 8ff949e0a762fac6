import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiClient, unwrap } from '@/lib/api-client';
import { fetchQueryOptions } from '@/lib/query';
import { handleUnauthorized } from '@/lib/unauthorized';
import type { Advertiser, CreateAdvertiserInput } from '@/lib/api/types';

/** GET /api/ads/advertisers: every advertiser with its campaign count (admins only). */
export const getAdvertisers = (signal?: AbortSignal): Promise<Advertiser[]> =>
  unwrap(apiClient.GET('/api/ads/advertisers', { signal }));

export const ADVERTISERS_KEY = ['admin', 'ads', 'advertisers'] as const;

export const getAdvertisersQueryOptions = () => fetchQueryOptions(ADVERTISERS_KEY, getAdvertisers);

/** The advertisers, asked when the New Campaign form opens (`enabled`). */
export const useAdvertisers = (enabled = true) => useQuery({ ...getAdvertisersQueryOptions(), enabled });

/** POST /api/ads/advertisers {name, websiteUrl}: 409 when the name is taken. */
export const createAdvertiser = (input: CreateAdvertiserInput): Promise<Advertiser> =>
  unwrap(apiClient.POST('/api/ads/advertisers', { body: input }));

/** Creating an advertiser (the campaign form's "new advertiser"); the form shows a failure itself. */
export function useCreateAdvertiser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdvertiser,
    onError: handleUnauthorized,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADVERTISERS_KEY }),
  });
}
