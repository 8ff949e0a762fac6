import { describe, expect, it } from 'vitest';

import { makeFilm } from '@/testing/fixtures';
import type { RecommendationRow } from '@/lib/api/types';

import {
  filmsOfRow,
  getHomeRecommendationsQueryOptions,
  homeRecommendationsKey,
  recommendedFilmIds,
} from './get-recommendations';

const row = (key: string, filmIds: number[]): RecommendationRow => ({
  kind: 'for-you',
  key,
  title: key,
  reason: `Why ${key}`,
  filmIds,
});

describe('recommendedFilmIds', () => {
  it('lists every row’s ids row by row, each once', () => {
    expect(recommendedFilmIds([row('a', [5, 1, 9]), row('b', [9, 2, 5, 7])])).toEqual([5, 1, 9, 2, 7]);
  });

  it('stops at the catalog’s 50 ids, so the first rows are whole', () => {
    const first = Array.from({ length: 30 }, (_, index) => index + 1);
    const second = Array.from({ length: 30 }, (_, index) => index + 101);
    const ids = recommendedFilmIds([row('a', first), row('b', second), row('c', [500])]);
    expect(ids).toHaveLength(50);
    expect(ids.slice(0, 30)).toEqual(first);
    expect(ids.slice(30)).toEqual(second.slice(0, 20));
    expect(recommendedFilmIds([row('a', [1, 2, 3])], 2)).toEqual([1, 2]);
  });
});

describe('filmsOfRow', () => {
  it('gives the row’s films in the row’s order, leaving out those the catalog did not answer', () => {
    const films = [makeFilm({ id: 1 }), makeFilm({ id: 2 }), makeFilm({ id: 3 })];
    expect(filmsOfRow(row('a', [3, 8, 1]), films).map((film) => film.id)).toEqual([3, 1]);
  });
});

describe('getHomeRecommendationsQueryOptions', () => {
  it('keeps each viewer’s rows apart, under one key the settings change refetches', () => {
    const member = getHomeRecommendationsQueryOptions('u-1').queryKey;
    const visitor = getHomeRecommendationsQueryOptions(null).queryKey;
    expect(member).not.toEqual(visitor);
    expect(member.slice(0, 2)).toEqual([...homeRecommendationsKey]);
    expect(visitor.slice(0, 2)).toEqual([...homeRecommendationsKey]);
  });
});
