import { useQuery } from '@tanstack/react-query';

import { apiClient, unwrap } from '@/lib/api-client';
import { fetchQueryOptions } from '@/lib/query';
import type { CreativeVideo } from '@/lib/api/types';

/** GET /api/ads/creative-videos: the ad videos a creative may use, with their length (admins only). */
export const getCreativeVideos = (signal?: AbortSignal): Promise<CreativeVideo[]> =>
  unwrap(apiClient.GET('/api/ads/creative-videos', { signal }));

export const getCreativeVideosQueryOptions = () =>
  fetchQueryOptions(['admin', 'ads', 'creative-videos'], getCreativeVideos);

/** The creative videos, asked when the New Campaign form opens (`enabled`). */
export const useCreativeVideos = (enabled = true) =>
  useQuery({ ...getCreativeVideosQueryOptions(), enabled });
