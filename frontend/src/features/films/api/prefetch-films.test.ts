import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { POSTER_SIZES } from '@/components/film/poster-sizes';
import { createQueryClient } from '@/lib/query-client';
import { makeFilm, makePosterSources } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { jsonResponse } from '@/testing/test-utils';

import { browseListParams, EMPTY_BROWSE_FILTERS } from '../utils/browse-filters';
import { FEATURED_HERO_PARAMS, getFilmsQueryOptions } from './get-films';
import { HERO_POSTER_SIZES, prefetchBrowseFilms, prefetchFeaturedHero } from './prefetch-films';

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=preload]')];

describe('prefetchBrowseFilms', () => {
  afterEach(() => {
    for (const link of preloads()) link.remove();
  });

  it("asks for the grid's films as the grid does and preloads its first two posters", async () => {
    const films = [1, 2, 3].map((id) =>
      makeFilm({ id, posterUrl: `/media/films/${id}/poster.jpg`, posterSources: makePosterSources(id) }),
    );
    mockFetch({ 'GET /api/films?sort=featured&limit=50': () => jsonResponse(films) });
    const queryClient = createQueryClient();

    prefetchBrowseFilms(queryClient, '');

    await waitFor(() => expect(preloads()).toHaveLength(2));
    expect(preloads().map((link) => link.getAttribute('imagesrcset'))).toEqual([
      expect.stringContaining('/media/films/1/'),
      expect.stringContaining('/media/films/2/'),
    ]);
    expect(preloads()[0]).toHaveAttribute('imagesizes', POSTER_SIZES.browseGrid);
    const key = getFilmsQueryOptions(browseListParams(EMPTY_BROWSE_FILTERS)).queryKey;
    expect(queryClient.getQueryData(key)).toEqual(films);
  });

  it('keeps the filters of the address and asks nothing for a search', async () => {
    const { fetchMock } = mockFetch({
      'GET /api/films?genre=Drama&sort=newest&limit=50': () => jsonResponse([makeFilm({ posterUrl: null })]),
    });
    const queryClient = createQueryClient();

    prefetchBrowseFilms(queryClient, '?q=nebula');
    prefetchBrowseFilms(queryClient, '?genre=Drama&sort=newest');

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(preloads()).toHaveLength(0);
  });
});

describe('prefetchFeaturedHero', () => {
  afterEach(() => {
    for (const link of preloads()) link.remove();
  });

  it("asks for the hero's films as the hero does and preloads the first featured poster", async () => {
    const films = [
      makeFilm({ id: 1, posterUrl: null }),
      makeFilm({ id: 2, posterUrl: '/media/films/2/poster.jpg', posterSources: makePosterSources(2) }),
    ];
    mockFetch({ 'GET /api/films?featured=true&limit=5': () => jsonResponse(films) });
    const queryClient = createQueryClient();

    prefetchFeaturedHero(queryClient);

    await waitFor(() => expect(preloads()).toHaveLength(1));
    expect(preloads()[0]!.getAttribute('imagesrcset')).toContain('/media/films/2/');
    expect(preloads()[0]).toHaveAttribute('imagesizes', HERO_POSTER_SIZES);
    expect(queryClient.getQueryData(getFilmsQueryOptions(FEATURED_HERO_PARAMS).queryKey)).toEqual(films);
  });
});
