import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { apiClient, unwrap } from '@/lib/api-client';
import { fetchQueryOptions } from '@/lib/query';
import { handleUnauthorized } from '@/lib/unauthorized';
import type { CreateCreativeUploadInput, CreativeUpload, CreativeVideo } from '@/lib/api/types';

import { getCreativeVideosQueryOptions } from './creative-videos';

/** While a creative upload is being transcoded, its status is asked again this often. */
export const CREATIVE_UPLOAD_POLL_MS = 1000;

const isWorking = (upload: CreativeUpload) => upload.status === 'queued' || upload.status === 'processing';

/**
 * POST /api/creative-uploads: makes a finished tus upload an ad video (admins only). 202 with the
 * transcode queued; 422 when the file is not a video or is longer than a creative may be.
 */
export const createCreativeUpload = (input: CreateCreativeUploadInput): Promise<CreativeUpload> =>
  unwrap(apiClient.POST('/api/creative-uploads', { body: input }));

/** GET /api/creative-uploads/{id}: the transcode's status and percent, and the video once ready. */
export const getCreativeUpload = (id: number, signal?: AbortSignal): Promise<CreativeUpload> =>
  unwrap(apiClient.GET('/api/creative-uploads/{id}', { params: { path: { id } }, signal }));

export const getCreativeUploadQueryOptions = (id: number) =>
  fetchQueryOptions(['admin', 'ads', 'creative-uploads', id], (signal) => getCreativeUpload(id, signal));

/** Every CREATIVE_UPLOAD_POLL_MS until the video is ready or failed; nothing while `id` is null. */
export const useCreativeUpload = (id: number | null) =>
  useQuery({
    ...getCreativeUploadQueryOptions(id ?? 0),
    enabled: id !== null,
    refetchInterval: (query) =>
      !query.state.data || isWorking(query.state.data) ? CREATIVE_UPLOAD_POLL_MS : false,
  });

/** Starting a creative's transcode; the caller shows a refusal (the server's message) itself. */
export function useCreateCreativeUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCreativeUpload,
    onSuccess: (upload) => {
      queryClient.setQueryData(getCreativeUploadQueryOptions(upload.id).queryKey, upload);
    },
    onError: handleUnauthorized,
  });
}

/**
 * Once an upload is ready: the creative videos asked again (the picker lists the new one), then the
 * new video's entry in that list, or undefined while the ads service does not list it yet.
 */
export function useRefreshCreativeVideos() {
  const queryClient = useQueryClient();
  return useCallback(
    async (videoUrl: string): Promise<CreativeVideo | undefined> => {
      const { queryKey } = getCreativeVideosQueryOptions();
      await queryClient.invalidateQueries({ queryKey });
      return queryClient.getQueryData(queryKey)?.find((video) => video.videoUrl === videoUrl);
    },
    [queryClient],
  );
}
