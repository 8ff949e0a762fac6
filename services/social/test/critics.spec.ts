// Critics at work: critic reviews, follows of critics, the dashboard, the public list and
// recommendations, and bad input on every critics endpoint.
import {
  assertUrlInputsNeverFail,
  eventually,
  injectSender,
  openApiDocument,
  suffix,
} from '@kinora/common/testing';
import { CreatorStandingChangedSchema } from '@kinora/proto';
import { CRITIC_EXPERTISE } from '@kinora/contracts';
import fc from 'fast-check';
import {
  ADMIN,
  MEMBER,
  CRITIC_USER,
  FILM,
  OTHER_FILM,
  PENDING_FILM,
  asAdmin,
  asCritic,
  call,
  db,
  expectError,
  headersOf,
  invite,
  knownUser,
  profile,
  publish,
  setUpCriticsHarness,
  sut,
  type Method,
} from './critics-harness';

setUpCriticsHarness('social_critics');

describe('a critic at work', () => {
  let criticId: number;

  beforeAll(async () => {
    const email = `working-${suffix()}@example.com`;
    const token = await invite(email);
    const accepted = await call('POST', '/api/critics/accept-invitation', {
      token,
      userData: { ...profile, expertise: [...CRITIC_EXPERTISE] },
    });
    expect(accepted.json()).toMatchObject({ criticId: expect.any(Number) });
    criticId = accepted.json().criticId;
    await knownUser(CRITIC_USER, email);
  });

  test('visitors get 401 and members 403 on critic-only and member-only calls', async () => {
    const review = { title: 'A tide', rating: 8, review: 'Moving.' };
    for (const [method, url, payload] of [
      ['GET', '/api/critics/dashboard'],
      ['POST', `/api/films/${FILM}/critic-reviews`, review],
      ['POST', `/api/critics/${criticId}/follow`],
      ['POST', `/api/critics/${criticId}/unfollow`],
      ['GET', `/api/critics/${criticId}/follow-status`],
      ['GET', '/api/critics/following'],
      ['PATCH', `/api/critics/${criticId}`, { isVerified: true }],
    ] as [Method, string, unknown?][]) {
      expectError(await call(method, url, payload), 401);
    }
    expectError(await call('GET', '/api/critics/dashboard', undefined, MEMBER), 403);
    expectError(await call('POST', `/api/films/${FILM}/critic-reviews`, review, MEMBER), 403);
    // The critic role without a profile of one's own is not enough.
    expectError(
      await call('GET', '/api/critics/dashboard', undefined, MEMBER, 'critic'),
      403,
      /No critic profile/,
    );
    expectError(await call('PATCH', `/api/critics/${criticId}`, { isVerified: true }, MEMBER), 403);
  });

  test('an empty dashboard: zeros and an impact score of 0', async () => {
    const response = await asCritic('GET', '/api/critics/dashboard');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({
      criticId,
      totalReviews: 0,
      averageRating: 0,
      followersCount: 0,
      impactScore: 0,
      recentReviews: [],
    });
  });

  test('one review per film: re-posting replaces it, marks it edited and publishes each time', async () => {
    const bad = await asCritic('POST', `/api/films/${FILM}/critic-reviews`, {
      title: ' ',
      rating: 11,
      review: '',
    });
    expectError(
      bad,
      400,
      /title is required.*rating must be an integer between 1 and 10.*review is required/,
    );
    expectError(
      await asCritic('POST', `/api/films/${PENDING_FILM}/critic-reviews`, {
        title: 't',
        rating: 5,
        review: 'r',
      }),
      404,
    );

    const first = await asCritic('POST', `/api/films/${FILM}/critic-reviews`, {
      title: 'A tide',
      rating: 7,
      review: 'Moving.',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      filmId: FILM,
      title: 'A tide',
      rating: 7,
      editedAt: null,
      critic: { id: criticId, firstName: 'Pauline', lastName: 'Kael', isVerified: false },
      film: { id: FILM, title: 'Tidal', posterUrl: '/media/posters/301.jpg' },
    });
    const second = await asCritic('POST', `/api/films/${FILM}/critic-reviews`, {
      title: 'The tide turns',
      rating: 9,
      review: 'Better on a second look.',
    });
    expect(second.json()).toMatchObject({
      id: first.json().id,
      title: 'The tide turns',
      rating: 9,
      editedAt: expect.any(String),
    });
    await asCritic('POST', `/api/films/${OTHER_FILM}/critic-reviews`, {
      title: 'Loops',
      rating: 4,
      review: 'Repetitive.',
    });

    const list = await call('GET', `/api/films/${FILM}/critic-reviews`);
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0]).toMatchObject({ title: 'The tide turns', rating: 9 });
    expectError(await call('GET', `/api/films/${PENDING_FILM}/critic-reviews`), 404);

    const events = await db.query(`select key from outbox where topic = 'social.critic-review-published.v1'`);
    expect(events.rows).toStrictEqual([
      { key: String(criticId) },
      { key: String(criticId) },
      { key: String(criticId) },
    ]);
    // Critic reviews stay out of the member rating.
    const ratings = await db.query(`select 1 from outbox where topic = 'social.film-rating-changed.v1'`);
    expect(ratings.rows).toHaveLength(0);
  });

  test('follows: idempotent, never yourself, counted on the dashboard and in the list', async () => {
    const follow = (userId: string) => call('POST', `/api/critics/${criticId}/follow`, undefined, userId);
    expect((await follow(MEMBER)).json()).toStrictEqual({ criticId, isFollowing: true, followerCount: 1 });
    expect((await follow(MEMBER)).json()).toStrictEqual({ criticId, isFollowing: true, followerCount: 1 });
    expectError(await follow(CRITIC_USER), 400, /cannot follow yourself/);
    expect(
      (await call('GET', `/api/critics/${criticId}/follow-status`, undefined, MEMBER)).json(),
    ).toStrictEqual({ isFollowing: true });
    expect((await call('GET', '/api/critics/following', undefined, MEMBER)).json()).toStrictEqual({
      criticIds: [criticId],
    });
    expect((await follow(ADMIN)).json().followerCount).toBe(2);
    const unfollow = () => call('POST', `/api/critics/${criticId}/unfollow`, undefined, ADMIN);
    expect((await unfollow()).json()).toStrictEqual({ criticId, isFollowing: false, followerCount: 1 });
    expect((await unfollow()).json()).toStrictEqual({ criticId, isFollowing: false, followerCount: 1 });
    expectError(await call('POST', '/api/critics/999999/follow', undefined, MEMBER), 404);
  });

  test('the dashboard: totals, followers, recent reviews and the impact score rule', async () => {
    const response = await asCritic('GET', '/api/critics/dashboard');
    const dashboard = response.json();
    expect(dashboard).toMatchObject({ criticId, totalReviews: 2, averageRating: 6.5, followersCount: 1 });
    expect(dashboard.impactScore).toBe(Math.round(((2 * 6.5) / 5) * 100));
    expect(
      dashboard.recentReviews.map((r: { reviewTitle: string; rating: string }) => [r.reviewTitle, r.rating]),
    ).toStrictEqual([
      ['Loops', '4'],
      ['The tide turns', '9'],
    ]);
  });

  test('public list (verified first), one critic, recommendations, /api/creators?type=critic shape', async () => {
    expectError(
      await asAdmin('PATCH', `/api/critics/${criticId}`, { isVerified: 'yes' }),
      400,
      /isVerified must be true or false/,
    );
    const verified = await asAdmin('PATCH', `/api/critics/${criticId}`, { isVerified: true });
    expect(verified.json().isVerified).toBe(true);
    const list = (await call('GET', '/api/critics?type=critic&limit=50')).json();
    expect(list[0]).toMatchObject({
      id: criticId,
      isVerified: true,
      bio: profile.bio,
      user: { firstName: 'Pauline', lastName: 'Kael', profileImageUrl: null },
      socialLinks: {
        twitter: '@kael',
        instagram: null,
        linkedin: 'pkael',
        website: 'https://kael.example.com/links',
      },
      _count: { followers: 1 },
      reviewCount: 2,
    });
    expect(list.slice(1).every((critic: { isVerified: boolean }) => !critic.isVerified)).toBe(true);
    expectError(await call('GET', '/api/critics?type=creator'), 400, /type must be critic/);
    expect((await call('GET', '/api/critics?type=critic&filter=featured')).json()).toHaveLength(list.length);

    const one = (await call('GET', `/api/critics/${criticId}`)).json();
    expect(one.recentReviews.map((r: { title: string }) => r.title)).toStrictEqual([
      'Loops',
      'The tide turns',
    ]);
    expectError(await call('GET', '/api/critics/999999'), 404, /Critic 999999 not found/);

    const picks = (await call('GET', `/api/critics/${criticId}/recommendations`)).json();
    expect(picks.map((p: { film: { id: number }; rating: number }) => [p.film.id, p.rating])).toStrictEqual([
      [FILM, 9],
      [OTHER_FILM, 4],
    ]);
    expect(picks[0].film).toMatchObject({ title: 'Tidal', genre: 'Drama' });
  });

  test("a suspended creator's films leave the critic's profile and recommendations, and come back", async () => {
    const films = async () => ({
      recent: (await call('GET', `/api/critics/${criticId}`)).json().recentReviews.length as number,
      picks: (await call('GET', `/api/critics/${criticId}/recommendations`)).json().length as number,
    });
    const standing = (isSuspended: boolean, version: bigint) =>
      publish(CreatorStandingChangedSchema, '9', {
        creatorId: 9n,
        userId: 'creator-of-tidal',
        isVerified: false,
        isSuspended,
        version,
      });
    expect(await films()).toStrictEqual({ recent: 2, picks: 2 });
    await standing(true, 3n);
    await eventually(async () => (await films()).picks === 0, 20_000, 'the films hidden');
    expect(await films()).toStrictEqual({ recent: 0, picks: 0 });
    // A late, older standing changes nothing; the next one brings the films back.
    await standing(false, 2n);
    await eventually(
      async () =>
        (await db.query(`select 1 from processed_events where handler = 'CreatorStandingChangedHandler'`))
          .rowCount === 2,
      20_000,
      'the late standing handled',
    );
    expect(await films()).toStrictEqual({ recent: 0, picks: 0 });
    await standing(false, 4n);
    await eventually(async () => (await films()).picks === 2, 20_000, 'the films back');
    expect(await films()).toStrictEqual({ recent: 2, picks: 2 });
  });
});

describe('no input gets a 5xx', () => {
  test('query strings and path parameters of every documented operation', async () => {
    const document = openApiDocument('social');
    let sent = 0;
    for (const headers of [
      {},
      headersOf(MEMBER),
      headersOf(CRITIC_USER, 'critic'),
      headersOf(ADMIN, 'admin'),
    ]) {
      sent += await assertUrlInputsNeverFail({
        document,
        send: injectSender(sut, headers),
        runs: 15,
        skip: ['POST /api/critics/invitations'],
      });
    }
    expect(sent).toBeGreaterThan(0);
  });

  test('JSON bodies of every new write', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string({ maxLength: 10 }), { maxLength: 4 }),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
    );
    const body = fc.oneof(
      value,
      fc.record(
        {
          token: value,
          userData: fc.oneof(
            value,
            fc.record(
              {
                firstName: value,
                lastName: value,
                bio: value,
                website: value,
                expertise: value,
                socialLinks: value,
              },
              { requiredKeys: [] },
            ),
          ),
        },
        { requiredKeys: [] },
      ),
      fc.record({ title: value, rating: value, review: value }, { requiredKeys: [] }),
      fc.record({ isVerified: value, email: value }, { requiredKeys: [] }),
    );
    const targets: [Method, string, string, string?][] = [
      ['POST', '/api/critics/accept-invitation', MEMBER],
      ['POST', `/api/films/${FILM}/critic-reviews`, CRITIC_USER, 'critic'],
      ['PATCH', '/api/critics/1', ADMIN, 'admin'],
      ['POST', '/api/critics/invitations', ADMIN, 'admin'],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), body, async ([method, url, userId, roles], payload) => {
        const response = await sut.inject({
          method,
          url,
          headers: { ...headersOf(userId, roles), 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(response.statusCode).toBeLessThan(500);
        expect(response.headers['content-type']).toMatch(/application\/json/);
      }),
      { numRuns: 150 },
    );
  });
});
