import { forYou, trendingRows } from './rows';
import { neighboursOf, type CatalogueFilm } from './similarity';
import { movedFilms, tasteWeights, WEIGHTS } from './taste';

const day = (n: number) => new Date(Date.UTC(2026, 10, n));

describe('tasteWeights', () => {
  it('adds a view, a completion and ties; a low rating turns the film into a dislike', () => {
    const weights = tasteWeights(
      [
        { filmId: 1, qualified: true, completed: true, lastAt: day(1) },
        { filmId: 2, qualified: true, completed: false, lastAt: day(2) },
        { filmId: 3, qualified: false, completed: false, lastAt: day(2) },
      ],
      [
        { kind: 'rating', filmId: 1, value: 10, changedAt: day(3) },
        { kind: 'like', filmId: 2, value: 1, changedAt: day(3) },
        { kind: 'rating', filmId: 2, value: 3, changedAt: day(4) },
        { kind: 'watchlist', filmId: 4, value: 1, changedAt: day(4) },
        { kind: 'favorite', filmId: 5, value: 0, changedAt: day(4) },
      ],
    );
    expect(weights).toEqual([
      { filmId: 1, weight: 1 + 2 + 3.5, seen: true, lastAt: day(3) },
      { filmId: 2, weight: WEIGHTS.dislikedRating, seen: true, lastAt: day(4) },
      { filmId: 4, weight: WEIGHTS.watchlist, seen: false, lastAt: day(4) },
    ]);
  });
});

describe('movedFilms', () => {
  it('names the films gained, lost or reweighted, not those that only aged', () => {
    const before = [
      { filmId: 1, weight: 3, seen: true, lastAt: day(1) },
      { filmId: 2, weight: 1, seen: false, lastAt: day(1) },
      { filmId: 3, weight: 1, seen: false, lastAt: day(1) },
    ];
    const after = [
      { filmId: 1, weight: 3, seen: true, lastAt: day(5) },
      { filmId: 2, weight: 3, seen: true, lastAt: day(5) },
      { filmId: 4, weight: 1, seen: false, lastAt: day(5) },
    ];
    expect(movedFilms(before, after)).toEqual([2, 3, 4]);
    expect(movedFilms(after, after)).toEqual([]);
  });
});

describe('neighboursOf', () => {
  const catalogue: CatalogueFilm[] = [
    { id: 1, creatorId: 1, genre: 'Drama', popularity: 5 },
    { id: 2, creatorId: 1, genre: 'Drama', popularity: 1 },
    { id: 3, creatorId: 2, genre: 'Drama', popularity: 9 },
    { id: 4, creatorId: 3, genre: 'Horror', popularity: 9 },
    { id: 5, creatorId: 3, genre: 'Comedy', popularity: 0 },
  ];

  it('ranks co-watched films by damped cosine, then fills with the creator and the genre', () => {
    const norms = new Map([
      [1, 2],
      [4, 1],
      [5, 4],
    ]);
    const together = [
      { filmId: 4, dot: 1, together: 1 },
      { filmId: 5, dot: 8, together: 8 },
    ];
    expect(neighboursOf(catalogue[0]!, together, norms, catalogue)).toEqual([
      { neighbourId: 5, score: (8 / 8) * (8 / 10), basis: 'co-watched' },
      { neighbourId: 4, score: (1 / 2) * (1 / 3), basis: 'co-watched' },
      { neighbourId: 2, score: 0, basis: 'creator' },
      { neighbourId: 3, score: 0, basis: 'genre' },
    ]);
  });

  it('never names an unpublished film', () => {
    const norms = new Map([
      [1, 1],
      [9, 1],
    ]);
    const found = neighboursOf(catalogue[0]!, [{ filmId: 9, dot: 1, together: 3 }], norms, catalogue);
    expect(found.map((n) => n.neighbourId)).not.toContain(9);
  });
});

describe('forYou', () => {
  it('pulls neighbours by weight and recency, and leaves out what was seen or disliked', () => {
    const films = new Map([1, 2, 3, 4, 5].map((id) => [id, { creatorId: id, title: `F${id}` }]));
    const neighbours = new Map([
      [
        1,
        [
          { neighbourId: 3, score: 0.5, basis: 'co-watched' as const },
          { neighbourId: 2, score: 0.9, basis: 'co-watched' as const },
        ],
      ],
      [2, [{ neighbourId: 4, score: 0.9, basis: 'co-watched' as const }]],
    ]);
    const history = [
      { filmId: 1, weight: 3, seen: true, lastAt: day(30) },
      { filmId: 2, weight: -3, seen: true, lastAt: day(29) },
    ];
    expect(forYou({ history, neighbours, films, followedCreators: new Set([5]), criticPicks: [] })).toEqual([
      3, 5,
    ]);
  });
});

describe('trendingRows', () => {
  it('gives the busiest genres with two watched films a row each', () => {
    const rows = trendingRows([
      { id: 1, genre: 'Drama', views: 3 },
      { id: 2, genre: 'Drama', views: 9 },
      { id: 3, genre: 'Drama', views: 1 },
      { id: 4, genre: 'Horror', views: 50 },
      { id: 5, genre: 'Horror', views: 0 },
    ]);
    expect(rows).toEqual([
      expect.objectContaining({ key: 'trending:Drama', title: 'Trending in Drama', filmIds: [2, 1, 3] }),
    ]);
  });
});
