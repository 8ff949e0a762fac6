import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { mockFetch } from '@/testing/mock-fetch';

import {
  BROWSE_SESSION_KEY,
  browseSession,
  reportRowFilmOpened,
  reportRowShown,
  SHOWN_ROWS_KEY,
} from './row-events';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const forYou = { kind: 'for-you', key: 'for-you' } as const;
const noContent = () => new Response(null, { status: 204 });

describe('recommendation row events', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => sessionStorage.clear());

  it('keeps one browsing session per tab in sessionStorage', () => {
    const session = browseSession();
    expect(session).toMatch(UUID);
    expect(sessionStorage.getItem(BROWSE_SESSION_KEY)).toBe(session);
    expect(browseSession()).toBe(session);
  });

  it('sends a row’s impression once per session and row key, with keepalive', async () => {
    const { fetchMock, bodiesSentTo } = mockFetch({ 'POST /api/recommendations/events': noContent });
    reportRowShown(forYou);
    reportRowShown(forYou);
    reportRowShown({ kind: 'because-you-watched', key: 'because:12' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const session = browseSession();
    expect(bodiesSentTo('POST /api/recommendations/events')).toEqual([
      { session, kind: 'impression', rowKind: 'for-you', rowKey: 'for-you' },
      { session, kind: 'impression', rowKind: 'because-you-watched', rowKey: 'because:12' },
    ]);
    const init = fetchMock.mock.calls[0]![1];
    expect(init).toMatchObject({ keepalive: true, headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(sessionStorage.getItem(SHOWN_ROWS_KEY)!)).toEqual([
      `${session} for-you`,
      `${session} because:12`,
    ]);
  });

  it('sends every click with its film, and swallows a failure', async () => {
    const { fetchMock, bodiesSentTo } = mockFetch({
      'POST /api/recommendations/events': () => new Response('down', { status: 503 }),
    });
    reportRowFilmOpened(forYou, 7);
    reportRowFilmOpened(forYou, 9);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const session = browseSession();
    expect(bodiesSentTo('POST /api/recommendations/events')).toEqual([
      { session, kind: 'click', rowKind: 'for-you', rowKey: 'for-you', filmId: 7 },
      { session, kind: 'click', rowKind: 'for-you', rowKey: 'for-you', filmId: 9 },
    ]);
  });
});
