import { useQuery } from '@tanstack/react-query';

import { apiClient, unwrap } from '@/lib/api-client';
import { fetchQueryOptions } from '@/lib/query';
import type { AdPlacement, RecordAdViewInput, SelectAdInput, SelectedAd } from '@/lib/api/types';

/** GET /api/ads/placements/{filmId}: the film's ad breaks, in seconds, ascending (docs/advertising.md). */
export const getAdPlacements = (filmId: number, signal?: AbortSignal): Promise<AdPlacement[]> =>
  unwrap(apiClient.GET('/api/ads/placements/{filmId}', { params: { path: { filmId } }, signal }));

export const getAdPlacementsQueryOptions = (filmId: number) =>
  fetchQueryOptions(['ads', 'placements', filmId], (signal) => getAdPlacements(filmId, signal));

/** The film's ad breaks, asked when the player opens (`enabled`). */
export const useAdPlacements = (filmId: number, enabled: boolean) =>
  useQuery({ ...getAdPlacementsQueryOptions(filmId), enabled });

/** POST /api/ads/select: an ad for one break with its tracking token, or null (204) when none qualifies. */
export const selectAd = async (input: SelectAdInput): Promise<SelectedAd | null> =>
  (await unwrap(apiClient.POST('/api/ads/select', { body: input }))) ?? null;

/**
 * POST /api/ads/view: one thing the viewer did with an ad (start is the impression). A repeat of
 * the same event answers `{recorded: false}`.
 */
export const recordAdView = async (input: RecordAdViewInput): Promise<void> => {
  await unwrap(apiClient.POST('/api/ads/view', { body: input }));
};
