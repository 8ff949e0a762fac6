// The review queue: what it lists and in which order, who may see and decide, the decision's event
// for catalog (through the outbox), and the creator's mail once catalog announces the outcome.
import { fromBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { assertVisitorsRefused, injectSender, openApiDocument } from '@kinora/common/testing';
import { FilmReviewedSchema, FilmStatus } from '@kinora/proto';
import type { PendingFilmDto } from '../src/moderation/dto/pending-film.dto';
import {
  ADMIN,
  CREATOR_EMAIL,
  CREATOR_USER,
  MEMBER,
  PUBLIC_URL,
  asAdmin,
  asMember,
  call,
  db,
  deliver,
  expectError,
  filmEvent,
  mail,
  setUpAdminHarness,
  sut,
} from './admin-harness';

setUpAdminHarness('admin_moderation');

const submitted = (iso: string) => timestampFromDate(new Date(iso));
const pendingIds = async () =>
  ((await asAdmin('GET', '/api/admin/films/pending?limit=100')).json() as PendingFilmDto[]).map((f) => f.id);
const stats = async () => (await asAdmin('GET', '/api/admin/stats')).json() as Record<string, number>;

/** A playable pending film in the queue, submitted at the given time. */
async function queued(filmId: number, iso = '2026-11-02T00:00:00Z', title = `Film ${filmId}`) {
  await deliver([{ event: filmEvent(filmId, { title, submittedAt: submitted(iso) }) }]);
}

async function reviewedEvents(filmId: number) {
  const { rows } = await db.query<{ key: string; type: string; payload: Buffer }>(
    `select key, type, payload from outbox where topic = 'admin.film-reviewed.v1' and key = $1 order by created_at`,
    [String(filmId)],
  );
  return rows.map((row) => ({
    key: row.key,
    type: row.type,
    event: fromBinary(FilmReviewedSchema, row.payload),
  }));
}

describe('who may call', () => {
  test('a visitor gets a JSON 401 from every admin and report operation', async () => {
    const checked = await assertVisitorsRefused({
      document: openApiDocument('admin'),
      send: injectSender(sut),
    });
    expect(checked).toEqual(
      expect.arrayContaining([
        'GET /api/admin/stats',
        'GET /api/admin/films/pending',
        'PATCH /api/admin/films/{filmId}/status',
        'GET /api/admin/reports',
        'PATCH /api/admin/reports/{id}',
        'GET /api/admin/waitlist',
        'GET /api/admin/feedback',
        'POST /api/reports',
      ]),
    );
  });

  test('a signed-in non-admin (member, creator, critic) gets a JSON 403 from every /api/admin operation', async () => {
    const document = openApiDocument('admin');
    const operations = Object.entries(document.paths ?? {})
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, item]) =>
        Object.keys(item as object).map((method) => [method.toUpperCase(), path] as const),
      );
    expect(operations.length).toBeGreaterThanOrEqual(7);
    for (const roles of ['user', 'creator', 'critic,creator']) {
      for (const [method, path] of operations) {
        const url = path.replace(/\{[^}]+\}/g, '1');
        const response = await sut.inject({
          method: method as 'GET',
          url,
          headers: { 'x-user-id': MEMBER, 'x-user-roles': roles },
          payload: method === 'PATCH' ? { status: 'published' } : undefined,
        });
        expect([method, url, response.statusCode]).toStrictEqual([method, url, 403]);
        expect(response.json().statusCode).toBe(403);
      }
    }
  });
});

describe('the pending list', () => {
  test('only playable pending films, oldest submitted first, each with its creator account', async () => {
    await deliver([
      { event: filmEvent(101, { title: 'Second', submittedAt: submitted('2026-11-01T12:00:00Z') }) },
      {
        event: filmEvent(102, {
          title: 'First',
          submittedAt: submitted('2026-11-01T08:00:00Z'),
          aiDisclosure: {
            tools: ['Sora', 'Suno'],
            parts: ['visuals', 'sound'],
            realLikeness: true,
            likenessConsent: true,
            notes: 'Voices are the director’s own.',
          },
        }),
      },
      // Still transcoding: no video yet, not reviewable.
      { event: filmEvent(103, { videoUrl: '', submittedAt: submitted('2026-11-01T01:00:00Z') }) },
      // Already decided elsewhere.
      {
        event: filmEvent(104, {
          status: FilmStatus.PUBLISHED,
          submittedAt: submitted('2026-11-01T02:00:00Z'),
        }),
      },
      // Its creator is not known to admin (yet).
      {
        event: filmEvent(105, {
          creatorUserId: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
          submittedAt: submitted('2026-11-01T13:00:00Z'),
        }),
      },
    ]);
    const response = await asAdmin('GET', '/api/admin/films/pending');
    expect(response.statusCode).toBe(200);
    const films = response.json() as PendingFilmDto[];
    expect(films.map((film) => film.id)).toStrictEqual([102, 101, 105]);
    expect(films[0]).toStrictEqual({
      id: 102,
      title: 'First',
      description: 'A quiet film.',
      genre: 'Drama',
      language: 'English',
      duration: 12,
      releaseYear: 2026,
      posterUrl: '/media/posters/102.jpg',
      videoUrl: '/media/films/102/master.m3u8',
      status: 'pending',
      createdAt: '2026-11-01T08:00:00.000Z',
      aiDisclosure: {
        tools: ['Sora', 'Suno'],
        parts: ['visuals', 'sound'],
        realLikeness: true,
        likenessConsent: true,
        notes: 'Voices are the director’s own.',
      },
      creator: {
        id: 9,
        userId: CREATOR_USER,
        user: {
          id: CREATOR_USER,
          firstName: 'Maya',
          lastName: 'Lin',
          email: CREATOR_EMAIL,
          profileImageUrl: '/media/avatars/maya.jpg',
        },
      },
    });
    expect(films[1]!.aiDisclosure).toBeNull();
    expect(films[2]!.creator.user).toBeNull();
    expect(await stats()).toStrictEqual({ pendingReviews: 3, openReports: 0 });

    const page = async (q: string) =>
      ((await asAdmin('GET', `/api/admin/films/pending?${q}`)).json() as PendingFilmDto[]).map((f) => f.id);
    expect(await page('limit=2')).toStrictEqual([102, 101]);
    expect(await page('limit=2&offset=2')).toStrictEqual([105]);
    expectError(await asAdmin('GET', '/api/admin/films/pending?limit=0'), 400, /limit/);
    expectError(await asAdmin('GET', '/api/admin/films/pending?offset=-1'), 400, /offset/);
  });

  test('a late, older event changes nothing; a status change without the disclosure keeps it', async () => {
    const now = Date.now();
    const disclosure = {
      tools: ['Runway'],
      parts: ['visuals'],
      realLikeness: false,
      likenessConsent: false,
      notes: '',
    };
    await deliver([
      {
        event: filmEvent(110, { title: 'Newest title', aiDisclosure: disclosure }),
        occurredAt: new Date(now),
      },
    ]);
    await deliver([{ event: filmEvent(110, { title: 'Stale title' }), occurredAt: new Date(now - 60_000) }]);
    const { rows } = await db.query('select title, ai_disclosure from moderation_items where film_id = 110');
    expect(rows[0]).toStrictEqual({
      title: 'Newest title',
      ai_disclosure: {
        tools: ['Runway'],
        parts: ['visuals'],
        realLikeness: false,
        likenessConsent: false,
        notes: null,
      },
    });
    await deliver([{ event: filmEvent(110, { title: 'Renamed' }), occurredAt: new Date(now + 1000) }]);
    const after = await db.query('select title, ai_disclosure from moderation_items where film_id = 110');
    expect(after.rows[0].title).toBe('Renamed');
    expect(after.rows[0].ai_disclosure.tools).toStrictEqual(['Runway']);
  });
});

describe('decisions', () => {
  test('approving records the decision, writes admin.film-reviewed.v1 and leaves the queue at once', async () => {
    await queued(201);
    const before = (await stats()).pendingReviews;
    const response = await asAdmin('PATCH', '/api/admin/films/201/status', {
      status: 'published',
      reason: '  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({ filmId: 201, status: 'published', reason: null });
    expect(await pendingIds()).not.toContain(201);
    expect((await stats()).pendingReviews).toBe(before - 1);

    const events = await reviewedEvents(201);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ key: '201', type: 'kinora.admin.v1.FilmReviewed' });
    expect(events[0]!.event).toMatchObject({
      filmId: 201n,
      decision: FilmStatus.PUBLISHED,
      reason: '',
      reviewerUserId: ADMIN,
    });
    const decisions = await db.query(
      'select decision, reason, reviewer_user_id from moderation_decisions where film_id = 201',
    );
    expect(decisions.rows).toStrictEqual([{ decision: 'published', reason: null, reviewer_user_id: ADMIN }]);

    // A second decision, either way, is a conflict and records nothing.
    expectError(
      await asAdmin('PATCH', '/api/admin/films/201/status', { status: 'published' }),
      409,
      /not pending/,
    );
    expectError(
      await asAdmin('PATCH', '/api/admin/films/201/status', {
        status: 'archived',
        reason: 'Changed my mind',
      }),
      409,
    );
    expect(await reviewedEvents(201)).toHaveLength(1);
  });

  test('a rejection carries its reason (at most 1000 characters) in the event', async () => {
    await queued(202);
    const url = '/api/admin/films/202/status';
    expectError(
      await asAdmin('PATCH', url, { status: 'archived', reason: 'x'.repeat(1001) }),
      400,
      /reason must be at most 1000/,
    );
    expectError(
      await asAdmin('PATCH', url, { status: 'archived', reason: 42 }),
      400,
      /reason must be a string/,
    );
    expectError(
      await asAdmin('PATCH', url, { status: 'pending' }),
      400,
      /status must be one of published, archived/,
    );
    expectError(await asAdmin('PATCH', url, {}), 400, /status/);
    expectError(
      await asAdmin('PATCH', url, { status: 'published', extra: 1 }),
      400,
      /property extra should not exist/,
    );
    expectError(
      await asAdmin('PATCH', '/api/admin/films/abc/status', { status: 'published' }),
      400,
      /filmId/,
    );
    expect(await reviewedEvents(202)).toHaveLength(0);
    expect(await pendingIds()).toContain(202);

    const response = await asAdmin('PATCH', url, { status: 'archived', reason: ' Undisclosed AI voice. ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({
      filmId: 202,
      status: 'archived',
      reason: 'Undisclosed AI voice.',
    });
    const [event] = await reviewedEvents(202);
    expect(event!.event).toMatchObject({ decision: FilmStatus.ARCHIVED, reason: 'Undisclosed AI voice.' });
  });

  test('an unknown film is a 404; a published or still-processing film a 409', async () => {
    expectError(
      await asAdmin('PATCH', '/api/admin/films/999999/status', { status: 'published' }),
      404,
      /not found/,
    );
    await deliver([
      { event: filmEvent(203, { status: FilmStatus.PUBLISHED }) },
      { event: filmEvent(204, { videoUrl: '' }) },
    ]);
    expectError(
      await asAdmin('PATCH', '/api/admin/films/203/status', { status: 'archived', reason: 'x' }),
      409,
    );
    expectError(
      await asAdmin('PATCH', '/api/admin/films/204/status', { status: 'published' }),
      409,
      /processing/,
    );
    expect(await reviewedEvents(203)).toHaveLength(0);
    expect(await reviewedEvents(204)).toHaveLength(0);
  });

  test('of concurrent decisions on one film exactly one wins', async () => {
    await queued(205);
    const results = await Promise.all(
      ['published', 'archived', 'published', 'archived'].map((status) =>
        asAdmin('PATCH', '/api/admin/films/205/status', { status, reason: 'Both ways' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toStrictEqual([200, 409, 409, 409]);
    expect(await reviewedEvents(205)).toHaveLength(1);
  });

  test('a member cannot decide: 403 and nothing recorded', async () => {
    await queued(206);
    expectError(await asMember('PATCH', '/api/admin/films/206/status', { status: 'published' }), 403);
    expectError(await call('PATCH', '/api/admin/films/206/status', { status: 'published' }), 401);
    expect(await reviewedEvents(206)).toHaveLength(0);
    expect(await pendingIds()).toContain(206);
  });
});

describe('mail to the creator', () => {
  const mailsAbout = async (title: string) =>
    (await mail.messagesTo(CREATOR_EMAIL)).filter((message) => message.subject.includes(`"${title}"`));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

  /** Queues the film, decides on it here, and returns the status event catalog then announces. */
  async function decided(filmId: number, title: string, status: 'published' | 'archived', reason?: string) {
    await queued(filmId, '2026-11-03T00:00:00Z', title);
    const response = await asAdmin('PATCH', `/api/admin/films/${filmId}/status`, { status, reason });
    expect(response.statusCode).toBe(200);
    return filmEvent(filmId, {
      title,
      status: status === 'published' ? FilmStatus.PUBLISHED : FilmStatus.ARCHIVED,
      previousStatus: FilmStatus.PENDING,
      reason: reason ?? '',
    });
  }

  test('an approval is mailed once with the film link, however often the event arrives', async () => {
    const title = 'Harbor Lights';
    const published = await decided(301, title, 'published');
    const eventId = '11111111-2222-4333-8444-555555555555';
    // The same message twice (redelivery) and the same outcome again under another id.
    await deliver([{ event: published, eventId }, { event: published, eventId }, { event: published }]);
    await settle();
    const mails = await mailsAbout(title);
    expect(mails.map((m) => m.subject)).toStrictEqual([`Your film "${title}" is live on Kinora`]);
    expect(mails[0]!.text).toContain(`${PUBLIC_URL}/film/301`);
    expect(mails[0]!.html).toContain(`${PUBLIC_URL}/film/301`);
  });

  test("a rejection as the product's call table sends it ({status: 'archived'}, no reason) is mailed with the guidelines", async () => {
    const title = 'Unexplained';
    const archived = await decided(319, title, 'archived');
    await deliver([{ event: archived }]);
    await settle();
    const [mailed] = await mailsAbout(title);
    expect(mailed!.text).toContain(
      `No reason was given; the creator guidelines: ${PUBLIC_URL}/creator-guidelines`,
    );
  });

  test('a rejection is mailed once with the reason', async () => {
    const title = 'Static <Noise>';
    const archived = await decided(
      302,
      title,
      'archived',
      'The voice of a real actor appears without consent.',
    );
    await deliver([{ event: archived }, { event: archived }]);
    await settle();
    const mails = await mailsAbout(title);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your film "${title}" was not approved`);
    expect(mails[0]!.text).toContain('Reason: The voice of a real actor appears without consent.');
    expect(mails[0]!.html).toContain('Static &lt;Noise&gt;');
  });

  test('other transitions, and films published without a review here, mail nobody', async () => {
    await deliver([
      {
        event: filmEvent(303, {
          title: 'Unlisted Later',
          status: FilmStatus.ARCHIVED,
          previousStatus: FilmStatus.PUBLISHED,
        }),
      },
      {
        event: filmEvent(304, {
          title: 'Still Waiting',
          status: FilmStatus.PENDING,
          previousStatus: FilmStatus.PENDING,
        }),
      },
      // Published straight in catalog (the demo seed): nobody decided on it here.
      {
        event: filmEvent(305, {
          title: 'Seeded Film',
          status: FilmStatus.PUBLISHED,
          previousStatus: FilmStatus.PENDING,
        }),
      },
    ]);
    await settle();
    expect(await mailsAbout('Unlisted Later')).toHaveLength(0);
    expect(await mailsAbout('Still Waiting')).toHaveLength(0);
    expect(await mailsAbout('Seeded Film')).toHaveLength(0);
  });
});
