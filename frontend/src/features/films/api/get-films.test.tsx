import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { makeFilm } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse, withQueryClient } from '@/testing/test-utils';

import { getFilmsQueryOptions, useFilmsByIds } from './get-films';

describe('useFilmsByIds', () => {
  it('asks for the ids in their order in one call and answers the films as catalog ordered them', async () => {
    // Film 5 is hidden from the viewer: catalog leaves it out and keeps the others' order.
    const films = [makeFilm({ id: 12, title: 'Twelve' }), makeFilm({ id: 9, title: 'Nine' })];
    const { fetchMock } = mockFetch({ 'GET /api/films?ids=12%2C5%2C9': () => jsonResponse(films) });
    const queryClient = createQueryClient();

    const { result } = renderHook(() => useFilmsByIds([12, 5, 9]), { wrapper: withQueryClient(queryClient) });

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.map((film) => film.id)).toEqual([12, 9]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(getFilmsQueryOptions({ ids: '12,5,9' }).queryKey)).toEqual(films);
  });

  it('keys each order apart: the same ids in another order are another row', async () => {
    mockFetch({
      'GET /api/films?ids=1%2C2': () => jsonResponse([makeFilm({ id: 1 }), makeFilm({ id: 2 })]),
      'GET /api/films?ids=2%2C1': () => jsonResponse([makeFilm({ id: 2 }), makeFilm({ id: 1 })]),
    });
    const { result, rerender } = renderHook(({ ids }) => useFilmsByIds(ids), {
      initialProps: { ids: [1, 2] },
      wrapper: withQueryClient(),
    });
    await waitFor(() => expect(result.current.data?.map((film) => film.id)).toEqual([1, 2]));

    rerender({ ids: [2, 1] });

    await waitFor(() => expect(result.current.data?.map((film) => film.id)).toEqual([2, 1]));
  });

  it('asks nothing for an empty row', () => {
    const { fetchMock } = mockFetch();

    const { result } = renderHook(() => useFilmsByIds([]), { wrapper: withQueryClient() });

    expect(result.current.fetchStatus).toBe('idle');
    expect(result.current.data).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
