import { cleanup } from '@testing-library/react';
import { vi } from 'vitest';

import { jsonResponse } from './test-utils';

/** The session id the player draws while these handlers are in place. */
export const VIEWING_SESSION_ID = '6f1c2a52-8d4e-4c1b-9a7e-0d3f5b2c9e11';
export const VIEWING_SESSION_TOKEN = 'session-token-1';
export const START_VIEWING_SESSION = 'POST /api/analytics/viewing-session';
export const UPDATE_VIEWING_SESSION = `PATCH /api/analytics/viewing-session/${VIEWING_SESSION_ID}`;

/**
 * mockFetch handlers for the player's viewing-session reports (POST answers 202 with a token, every
 * PATCH 202), with the session id fixed. Tests that open the player add them, so nothing leaves jsdom.
 */
export function viewingSessionHandlers() {
  vi.spyOn(crypto, 'randomUUID').mockReturnValue(VIEWING_SESSION_ID);
  return {
    [START_VIEWING_SESSION]: () =>
      jsonResponse({ sessionId: VIEWING_SESSION_ID, token: VIEWING_SESSION_TOKEN }, { status: 202 }),
    [UPDATE_VIEWING_SESSION]: () => new Response(null, { status: 202 }),
  };
}

/**
 * Unmounts what the test rendered while fetch is still stubbed (a player sends its last report
 * when it closes), lets that report leave, then unstubs the globals. Call it with real timers.
 */
export async function unmountThenUnstubGlobals() {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.unstubAllGlobals();
}
