// Member reports: filed once per open subject, validated by field, queued for admins oldest
// first, closed once (resolved or dismissed), counted on the dashboard.
import type { ReportDto } from '../src/reports/dto/report.dto';
import {
  ADMIN,
  MEMBER,
  asAdmin,
  asMember,
  call,
  db,
  deliver,
  expectError,
  filmEvent,
  setUpAdminHarness,
} from './admin-harness';

setUpAdminHarness('admin_reports');

const OTHER = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
const asOther = (method: 'POST', url: string, payload: unknown) => call(method, url, payload, OTHER, 'user');
const openReports = async () =>
  ((await asAdmin('GET', '/api/admin/stats')).json() as { openReports: number }).openReports;
const queue = async (query = '') =>
  ((await asAdmin('GET', `/api/admin/reports${query}`)).json() as ReportDto[]).map((r) => r.id);

beforeAll(async () => {
  await deliver([{ event: filmEvent(501, { title: 'Borrowed Faces' }) }]);
});

describe('filing a report', () => {
  test('a visitor gets a 401; a member files one, with their account and the film title', async () => {
    expectError(
      await call('POST', '/api/reports', { subjectType: 'film', subjectId: 501, reason: 'spam' }),
      401,
    );
    const response = await asMember('POST', '/api/reports', {
      subjectType: 'film',
      subjectId: 501,
      reason: 'undisclosed_ai',
      details: '  The lead actor is a deepfake.  ',
    });
    expect(response.statusCode).toBe(201);
    const report = response.json() as ReportDto;
    expect(report).toStrictEqual({
      id: expect.any(Number),
      subjectType: 'film',
      subjectId: 501,
      reason: 'undisclosed_ai',
      details: 'The lead actor is a deepfake.',
      status: 'open',
      note: null,
      createdAt: expect.any(String),
      resolvedAt: null,
      reporter: { id: MEMBER, firstName: 'Bo', lastName: 'Reyes', email: 'bo@example.com' },
      subject: { title: 'Borrowed Faces' },
    });
    expect(Date.now() - Date.parse(report.createdAt)).toBeLessThan(60_000);
  });

  test('the same member reporting the same open subject again gets that report back (200), no duplicate', async () => {
    const first = await asMember('POST', '/api/reports', {
      subjectType: 'review',
      subjectId: 77,
      reason: 'harassment',
    });
    expect(first.statusCode).toBe(201);
    const again = await asMember('POST', '/api/reports', {
      subjectType: 'review',
      subjectId: 77,
      reason: 'spam',
      details: 'and more',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toStrictEqual(first.json());
    expect(again.json().subject).toStrictEqual({ title: null });
    // Someone else reporting it is a report of its own; the same id of a film is another subject.
    expect(
      (await asOther('POST', '/api/reports', { subjectType: 'review', subjectId: 77, reason: 'hate' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await asMember('POST', '/api/reports', { subjectType: 'film', subjectId: 77, reason: 'spam' }))
        .statusCode,
    ).toBe(201);
    const { rows } = await db.query(
      `select count(*)::int as n from reports where subject_type = 'review' and subject_id = 77 and reporter_user_id = $1`,
      [MEMBER],
    );
    expect(rows[0].n).toBe(1);
  });

  test('concurrent repeats of one report make one row', async () => {
    const body = { subjectType: 'film', subjectId: 88, reason: 'copyright' };
    const results = await Promise.all([1, 2, 3, 4].map(() => asMember('POST', '/api/reports', body)));
    expect(results.map((r) => r.statusCode).sort()).toStrictEqual([200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
  });

  test('bad input is refused naming the field', async () => {
    const good = { subjectType: 'film', subjectId: 501, reason: 'spam' };
    const cases: [unknown, RegExp][] = [
      [{ ...good, subjectType: 'user' }, /subjectType must be one of film, review/],
      [{ ...good, subjectId: 0 }, /subjectId must be a positive integer/],
      [{ ...good, subjectId: '5' }, /subjectId must be a positive integer/],
      [{ ...good, subjectId: 2 ** 31 }, /subjectId must be a positive integer/],
      [{ ...good, reason: 'boring' }, /reason must be one of spam, harassment, hate/],
      [{ ...good, details: 'x'.repeat(1001) }, /details must be at most 1000/],
      [{ ...good, details: 3 }, /details must be a string/],
      [{ ...good, extra: true }, /property extra should not exist/],
    ];
    for (const [payload, message] of cases) {
      expectError(await call('POST', '/api/reports', payload, OTHER, 'user'), 400, message);
    }
  });
});

describe('the admin queue', () => {
  test('members get 403; admins see open reports oldest first, filtered by status and paged', async () => {
    expectError(await asMember('GET', '/api/admin/reports'), 403);
    expectError(await asMember('PATCH', '/api/admin/reports/1', { status: 'resolved' }), 403);
    const open = await queue();
    expect(open.length).toBeGreaterThanOrEqual(4);
    expect(open).toStrictEqual([...open].sort((a, b) => a - b));
    expect(await queue('?status=open&limit=2&offset=1')).toStrictEqual(open.slice(1, 3));
    expect(await queue('?status=resolved')).toStrictEqual([]);
    expect(await openReports()).toBe(open.length);
    expectError(
      await asAdmin('GET', '/api/admin/reports?status=closed'),
      400,
      /status must be one of open, resolved, dismissed/,
    );
  });

  test('resolving and dismissing close a report once, with the note and time; it can then be reported again', async () => {
    const filed = await asOther('POST', '/api/reports', {
      subjectType: 'film',
      subjectId: 501,
      reason: 'violence',
    });
    const id = filed.json().id as number;
    const before = await openReports();
    expectError(
      await asAdmin('PATCH', `/api/admin/reports/${id}`, { status: 'open' }),
      400,
      /status must be one of resolved, dismissed/,
    );
    expectError(
      await asAdmin('PATCH', `/api/admin/reports/${id}`, { status: 'resolved', note: 'n'.repeat(1001) }),
      400,
      /note must be at most 1000/,
    );

    const resolved = await asAdmin('PATCH', `/api/admin/reports/${id}`, {
      status: 'resolved',
      note: ' Film archived. ',
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({
      id,
      status: 'resolved',
      note: 'Film archived.',
      resolvedAt: expect.any(String),
    });
    expect(await openReports()).toBe(before - 1);
    expect(await queue()).not.toContain(id);
    expect(await queue('?status=resolved')).toStrictEqual([id]);
    const stored = await db.query('select resolved_by from reports where id = $1', [id]);
    expect(stored.rows[0].resolved_by).toBe(ADMIN);

    expectError(
      await asAdmin('PATCH', `/api/admin/reports/${id}`, { status: 'dismissed' }),
      409,
      /already resolved/,
    );
    expectError(await asAdmin('PATCH', '/api/admin/reports/999999', { status: 'dismissed' }), 404);
    expectError(
      await asAdmin('PATCH', '/api/admin/reports/abc', { status: 'dismissed' }),
      400,
      /id must be a positive integer/,
    );

    const again = await asOther('POST', '/api/reports', {
      subjectType: 'film',
      subjectId: 501,
      reason: 'violence',
    });
    expect(again.statusCode).toBe(201);
    const dismissed = await asAdmin('PATCH', `/api/admin/reports/${again.json().id}`, {
      status: 'dismissed',
    });
    expect(dismissed.json()).toMatchObject({ status: 'dismissed', note: null });
    expect(await queue('?status=dismissed')).toStrictEqual([again.json().id]);
  });
});
