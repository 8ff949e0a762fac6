import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { toast } from '@/hooks/use-toast';
import { apiClient, serverMessageOf, unwrap } from '@/lib/api-client';
import { fetchQueryOptions } from '@/lib/query';
import { toastFailure } from '@/lib/unauthorized';
import type { RecommendationSettings } from '@/lib/api/types';

import { homeRecommendationsKey } from './get-recommendations';

/** GET /api/recommendations/settings (members only) → whether recommendations learn from the member. */
export const getRecommendationSettings = (signal?: AbortSignal): Promise<RecommendationSettings> =>
  unwrap(apiClient.GET('/api/recommendations/settings', { signal }));

export const getRecommendationSettingsQueryOptions = () =>
  fetchQueryOptions(['recommendations', 'settings'], (signal) => getRecommendationSettings(signal));

export const useRecommendationSettings = () => useQuery(getRecommendationSettingsQueryOptions());

/** PUT /api/recommendations/settings {personalised} → the setting as analytics stored it. */
export const updateRecommendationSettings = (
  input: RecommendationSettings,
): Promise<RecommendationSettings> => unwrap(apiClient.PUT('/api/recommendations/settings', { body: input }));

/**
 * Turns personalisation on or off: the switch shows the server's answer, and the home rows are
 * fetched again (off, they become trending per genre; on, the member's own once learned).
 */
export function useUpdateRecommendationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecommendationSettings,
    onSuccess: async (settings) => {
      queryClient.setQueryData(getRecommendationSettingsQueryOptions().queryKey, settings);
      toast({
        title: settings.personalised ? 'Personalised recommendations on' : 'Personalised recommendations off',
      });
      await queryClient.invalidateQueries({ queryKey: homeRecommendationsKey });
    },
    onError: toastFailure('Could not change your recommendations setting', serverMessageOf),
  });
}
