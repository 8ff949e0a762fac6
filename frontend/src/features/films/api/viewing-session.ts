import { apiClient, unwrap } from '@/lib/api-client';
import type {
  StartViewingSessionInput,
  UpdateViewingSessionInput,
  ViewingSessionAccepted,
} from '@/lib/api/types';

/**
 * POST /api/analytics/viewing-session when the film starts playing (members and visitors alike):
 * 202 with the session id and the token its updates must send back.
 */
export const startViewingSession = (input: StartViewingSessionInput): Promise<ViewingSessionAccepted> =>
  unwrap(apiClient.POST('/api/analytics/viewing-session', { body: input }));

/**
 * PATCH /api/analytics/viewing-session/{sessionId} with the X-Viewing-Session-Token header: the
 * session's progress, or its end (with sessionEndTime). The final update is sent with `keepalive`,
 * so it still leaves when the page is being closed. The answer is an empty 202.
 */
export const updateViewingSession = async (
  { sessionId, token }: ViewingSessionAccepted,
  input: UpdateViewingSessionInput,
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<void> => {
  await unwrap(
    apiClient.PATCH('/api/analytics/viewing-session/{sessionId}', {
      params: { path: { sessionId }, header: { 'x-viewing-session-token': token } },
      body: input,
      keepalive,
      parseAs: 'text',
    }),
  );
};
