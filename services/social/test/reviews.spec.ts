import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  assertUrlInputsNeverFail,
  injectSender,
  openApiDocument,
  startTestService,
  type TestService,
} from '@kinora/common/testing';
import type { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema, type Config } from '../src/config';
import { DATABASE } from '../src/database';
import type { ReviewDto } from '../src/reviews/dto/review.dto';

let service: TestService<Config>;
let sut: NestFastifyApplication;
let db: Client;

const ADA = '11111111-1111-4111-8111-111111111111';
const BO = '22222222-2222-4222-8222-222222222222';
const ADMIN = '33333333-3333-4333-8333-333333333333';
const PUBLISHED = 101;
const PENDING = 102;
const OTHER_PUBLISHED = 103;

const as = (userId?: string, roles = '') =>
  userId ? { 'x-user-id': userId, ...(roles ? { 'x-user-roles': roles } : {}) } : {};
const post = (filmId: number | string, payload: unknown, userId?: string) =>
  sut.inject({
    method: 'POST',
    url: `/api/films/${filmId}/reviews`,
    headers: as(userId),
    payload: payload as object,
  });
const list = (filmId: number | string, query = '') =>
  sut.inject({ method: 'GET', url: `/api/films/${filmId}/reviews${query}` });
const remove = (filmId: number | string, reviewId: number | string, headers: Record<string, string>) =>
  sut.inject({ method: 'DELETE', url: `/api/films/${filmId}/reviews/${reviewId}`, headers });

beforeAll(async () => {
  service = await startTestService({
    name: 'social_reviews',
    schema: DATABASE,
    configSchema,
    app: (config) => AppModule.forRoot(config as Config),
    partitions: 1,
  });
  ({ api: sut, db } = service);
  await db.query(
    `insert into known_users (id, email, first_name, last_name, profile_image_url, registered_at) values
       ($1, 'ada@example.com', 'Ada', 'Vale', '/media/avatars/ada.jpg', now()),
       ($2, 'bo@example.com', 'Bo', null, null, now())`,
    [ADA, BO],
  );
  await db.query(
    `insert into films (id, status, updated_at) values
       ($1, 'published', now()), ($2, 'pending', now()), ($3, 'published', now())`,
    [PUBLISHED, PENDING, OTHER_PUBLISHED],
  );
});

afterAll(async () => {
  await service?.close();
});

function expectError(response: Awaited<ReturnType<typeof list>>, status: number, message?: RegExp) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  const body = response.json();
  expect(body.statusCode).toBe(status);
  if (message) expect(body.message).toMatch(message);
}

describe('writing a review', () => {
  test('visitors get 401; bad input a JSON 400 naming the field', async () => {
    expectError(await post(PUBLISHED, { rating: 8, review: 'Great' }), 401);
    const cases: [unknown, RegExp][] = [
      [{ review: 'Fine' }, /rating must be an integer between 1 and 10/],
      [{ rating: 0, review: 'Fine' }, /rating must be an integer between 1 and 10/],
      [{ rating: 11, review: 'Fine' }, /rating must be an integer between 1 and 10/],
      [{ rating: 7.5, review: 'Fine' }, /rating must be an integer between 1 and 10/],
      [{ rating: '7', review: 'Fine' }, /rating must be an integer/],
      [{ rating: 7 }, /review must be a string/],
      [{ rating: 7, review: '   ' }, /review is required/],
      [{ rating: 7, review: 'x'.repeat(2001) }, /review must be at most 2000 characters/],
      [{ rating: 7, review: 'Fine', title: 'extra' }, /property title should not exist/],
    ];
    for (const [payload, message] of cases) expectError(await post(PUBLISHED, payload, ADA), 400, message);
    expectError(await post('abc', { rating: 7, review: 'Fine' }, ADA), 400, /id must be a positive integer/);
    expect((await post(PUBLISHED, { rating: 7, review: ` ${'y'.repeat(2000)} ` }, BO)).statusCode).toBe(201);
    expect((await remove(PUBLISHED, (await list(PUBLISHED)).json()[0].id, as(BO))).statusCode).toBe(200);
  });

  test('unknown and unpublished films are 404', async () => {
    expectError(await post(999, { rating: 7, review: 'Fine' }, ADA), 404, /Film 999 not found/);
    expectError(await post(PENDING, { rating: 7, review: 'Fine' }, ADA), 404, /not found/);
    expectError(await list(999), 404);
    expectError(await list(PENDING), 404);
  });

  test('one review per member per film: posting again replaces it and marks it edited', async () => {
    const first = await post(PUBLISHED, { rating: 6, review: '  Slow start.  ' }, ADA);
    expect(first.statusCode).toBe(201);
    const written = first.json() as ReviewDto;
    expect(written).toMatchObject({ filmId: PUBLISHED, rating: 6, review: 'Slow start.', editedAt: null });
    expect(written.user).toStrictEqual({
      id: ADA,
      firstName: 'Ada',
      lastName: 'Vale',
      profileImageUrl: '/media/avatars/ada.jpg',
    });
    const again = (await post(PUBLISHED, { rating: 9, review: 'It grew on me.' }, ADA)).json() as ReviewDto;
    expect(again).toMatchObject({ id: written.id, rating: 9, review: 'It grew on me.' });
    expect(again.createdAt).toBe(written.createdAt);
    expect(again.editedAt).not.toBeNull();
    const reviews = (await list(PUBLISHED)).json() as ReviewDto[];
    expect(reviews.filter((review) => review.user.id === ADA)).toHaveLength(1);
  });
});

describe('listing and deleting', () => {
  test('newest first, paginated, with each reviewer', async () => {
    await post(PUBLISHED, { rating: 4, review: 'Not for me.' }, BO);
    const reviews = (await list(PUBLISHED)).json() as ReviewDto[];
    expect(reviews.map((review) => [review.user.id, review.rating])).toStrictEqual([
      [BO, 4],
      [ADA, 9],
    ]);
    expect(reviews[0]!.user).toStrictEqual({
      id: BO,
      firstName: 'Bo',
      lastName: null,
      profileImageUrl: null,
    });
    expect(Object.keys(reviews[0]!).sort()).toStrictEqual(
      ['createdAt', 'editedAt', 'filmId', 'id', 'rating', 'review', 'user'].sort(),
    );
    const second = (await list(PUBLISHED, '?limit=1&offset=1')).json() as ReviewDto[];
    expect(second.map((review) => review.user.id)).toStrictEqual([ADA]);
    expectError(await list(PUBLISHED, '?limit=0'), 400, /limit must be an integer/);
  });

  test('the author or an admin deletes; others get 403; unknown reviews 404', async () => {
    const [bos, adas] = (await list(PUBLISHED)).json() as ReviewDto[];
    expectError(await remove(PUBLISHED, bos!.id, {}), 401);
    expectError(await remove(PUBLISHED, bos!.id, as(ADA)), 403, /your own review/);
    expectError(await remove(PUBLISHED, 999999, as(ADA)), 404, /Review 999999 not found/);
    expectError(await remove(OTHER_PUBLISHED, bos!.id, as(BO)), 404);
    expectError(await remove(PUBLISHED, 'x', as(BO)), 400, /reviewId must be a positive integer/);
    expect((await remove(PUBLISHED, bos!.id, as(BO))).json()).toStrictEqual({ message: 'Review deleted' });
    expect((await remove(PUBLISHED, adas!.id, as(ADMIN, 'admin'))).statusCode).toBe(200);
    expect((await list(PUBLISHED)).json()).toStrictEqual([]);
  });

  test('every change records social.film-rating-changed.v1 keyed by film, with a growing version', async () => {
    const { rows } = await db.query<{ key: string; type: string }>(
      `select key, type from outbox where topic = 'social.film-rating-changed.v1' order by position`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(new Set(rows.map((row) => row.key))).toStrictEqual(new Set([String(PUBLISHED)]));
    expect(rows[0]!.type).toBe('kinora.social.v1.FilmRatingChanged');
    const [film] = (await db.query(`select rating_version from films where id = $1`, [PUBLISHED])).rows;
    expect(Number(film.rating_version)).toBe(rows.length);
  });
});

describe('query strings and path parameters', () => {
  test('no input in any documented operation gets a 5xx, every 4xx is JSON', async () => {
    const document = openApiDocument('social');
    let sent = 0;
    for (const headers of [{}, as('66666666-6666-4666-8666-666666666666'), as(ADMIN, 'admin')]) {
      sent += await assertUrlInputsNeverFail({ document, send: injectSender(sut, headers), runs: 25 });
    }
    expect(sent).toBeGreaterThan(0);
  });
});
