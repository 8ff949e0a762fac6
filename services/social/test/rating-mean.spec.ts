// The rating a film shows is exact after many reviews even though the events carrying it are
// delivered twice and partly out of order (see catalog-projection.ts).
import { FilmRatingChangedSchema } from '@kinora/proto';
import {
  applyThroughCatalog,
  disorderedDeliveries,
  member,
  outboxEvents,
  random,
  setUpProjection,
} from './catalog-projection';

const FILM = 7;
const MEMBERS = 700;
const REVIEWS = 1000;

const projection = setUpProjection('social_rating');

test('the mean is exact after 1,000 reviews with every event applied twice, some out of order', async () => {
  const { sut, query, catalogDb, social } = projection;
  await query(
    social.database.url,
    `insert into films (id, status, updated_at) values ($1, 'published', now())`,
    [FILM],
  );
  const next = random(42);
  const ratings = new Map<string, number>();
  for (let n = 0; n < REVIEWS; n++) {
    // The first 700 posts are new members; the last 300 replace reviews of members picked at random.
    const userId = member(n < MEMBERS ? n : Math.floor(next() * MEMBERS));
    const rating = 1 + Math.floor(next() * 10);
    const response = await sut.inject({
      method: 'POST',
      url: `/api/films/${FILM}/reviews`,
      headers: { 'x-user-id': userId },
      payload: { rating, review: `Review ${n}` },
    });
    expect(response.statusCode).toBe(201);
    ratings.set(userId, rating);
  }
  const sum = [...ratings.values()].reduce((total, rating) => total + rating, 0);
  const count = ratings.size;
  expect(count).toBeLessThan(REVIEWS);

  const events = await outboxEvents(projection, FilmRatingChangedSchema, String(FILM));
  expect(events).toHaveLength(REVIEWS);
  expect(events.at(-1)).toMatchObject({
    ratingSum: BigInt(sum),
    reviewCount: count,
    version: BigInt(REVIEWS),
  });

  const [creator] = await query<{ id: number }>(
    catalogDb.url,
    `insert into creators (user_id, bio) values ('creator', 'Films.') returning id`,
  );
  await query(
    catalogDb.url,
    `insert into films (id, title, genre, language, release_year, creator_id, status)
     values ($1, 'Rated', 'Drama', 'English', 2024, $2, 'published')`,
    [FILM, creator!.id],
  );
  await applyThroughCatalog(
    projection,
    ['films', 'film-rating-changed.handler'],
    'FilmRatingChangedHandler',
    FilmRatingChangedSchema,
    disorderedDeliveries(events, next, events[REVIEWS - 10]!),
  );

  // Round half up to one decimal in integers: tenths = floor((20·sum + count) / (2·count)).
  const tenths = Math.floor((20 * sum + count) / (2 * count));
  const [film] = await query<{ rating: string; rating_count: number; rating_version: string }>(
    catalogDb.url,
    'select rating, rating_count, rating_version from films where id = $1',
    [FILM],
  );
  expect(film).toStrictEqual({
    rating: (tenths / 10).toFixed(1),
    rating_count: count,
    rating_version: String(REVIEWS),
  });
});
