import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { ADMIN_ANALYTICS_REFRESH_MS } from '@kinora/contracts';

import { toast } from '@/hooks/use-toast';
import { apiClient, unwrap } from '@/lib/api-client';
import { pollingQueryOptions } from '@/lib/query';
import { handleUnauthorized, toastFailure } from '@/lib/unauthorized';
import type { Campaign, CampaignStatus, CreateCampaignInput, UpdateCampaignInput } from '@/lib/api/types';

import { ADVERTISERS_KEY } from './advertisers';

/** GET /api/ads/campaigns: every campaign with its spend, impressions, clicks and pacing (admins only). */
export const getCampaigns = (signal?: AbortSignal): Promise<Campaign[]> =>
  unwrap(apiClient.GET('/api/ads/campaigns', { signal }));

export const CAMPAIGNS_KEY = ['admin', 'ads', 'campaigns'] as const;

/** Asked again every ADMIN_ANALYTICS_REFRESH_MS, like the dashboard's other figures. */
export const getCampaignsQueryOptions = () =>
  pollingQueryOptions(CAMPAIGNS_KEY, getCampaigns, ADMIN_ANALYTICS_REFRESH_MS);

export const useCampaigns = () => useQuery(getCampaignsQueryOptions());

/** POST /api/ads/campaigns: a campaign with its targeting and creatives; 400 names the field refused. */
export const createCampaign = (input: CreateCampaignInput): Promise<Campaign> =>
  unwrap(apiClient.POST('/api/ads/campaigns', { body: input }));

/** PATCH /api/ads/campaigns/{id}: any of its fields (here: the status, to pause or resume it). */
export const updateCampaign = (id: number, input: UpdateCampaignInput): Promise<Campaign> =>
  unwrap(apiClient.PATCH('/api/ads/campaigns/{id}', { params: { path: { id } }, body: input }));

/** Creating a campaign; the form shows a failure itself (the server's message). */
export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: (campaign) => {
      toast({ title: 'Campaign created', description: campaign.name });
    },
    onError: handleUnauthorized,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY }),
        queryClient.invalidateQueries({ queryKey: ADVERTISERS_KEY }),
      ]),
  });
}

/** Pausing or resuming a campaign: 'Campaign paused' / 'Campaign resumed', or 'Failed to update campaign'. */
export function useSetCampaignStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: CampaignStatus }) => updateCampaign(id, { status }),
    onSuccess: (campaign) => {
      toast({
        title: campaign.status === 'paused' ? 'Campaign paused' : 'Campaign resumed',
        description: campaign.name,
      });
    },
    onError: toastFailure('Failed to update campaign', (error) => error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY }),
  });
}
