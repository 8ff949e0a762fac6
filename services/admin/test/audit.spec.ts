// The audit log: every service's AdminActionTaken, appended once per event, read newest first with
// filters by admins only, and refused any update or delete by its own table.
import { eventually } from '@kinora/common/testing';
import { AdminActionTakenSchema } from '@kinora/proto';
import type { AuditEntryDto } from '../src/audit/dto/audit.dto';
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
  publish,
  setUpAdminHarness,
} from './admin-harness';

setUpAdminHarness('admin_audit');

const audit = async (query = '') =>
  (await asAdmin('GET', `/api/admin/audit${query}`)).json() as AuditEntryDto[];

test("another service's action is appended once, however often it is delivered, with its actor", async () => {
  const at = new Date(Date.now() - 60_000);
  await publish(
    AdminActionTakenSchema,
    {
      actorUserId: ADMIN,
      action: 'user.suspended',
      targetType: 'user',
      targetId: MEMBER,
      targetLabel: 'bo@example.com',
      reason: 'Spam in reviews',
      detailsJson: JSON.stringify({ sessionsEnded: 2 }),
    },
    { key: `user:${MEMBER}`, producer: 'auth', occurredAt: at, times: 3 },
  );
  const entries = await audit(`?targetType=user&targetId=${MEMBER}`);
  expect(entries).toStrictEqual([
    {
      id: expect.any(Number),
      at: at.toISOString(),
      actor: { id: ADMIN, email: 'root@example.com', firstName: 'Ada', lastName: 'Admin' },
      action: 'user.suspended',
      target: { type: 'user', id: MEMBER, label: 'bo@example.com' },
      reason: 'Spam in reviews',
      details: { sessionsEnded: 2 },
      service: 'auth',
    },
  ]);
});

test("admin's own decisions are on the log: a film approved, a report dismissed", async () => {
  await deliver([{ event: filmEvent(501, { title: 'Quiet Orbit' }) }]);
  expect((await asAdmin('PATCH', '/api/admin/films/501/status', { status: 'published' })).statusCode).toBe(
    200,
  );
  const report = await asMember('POST', '/api/reports', {
    subjectType: 'film',
    subjectId: 501,
    reason: 'spam',
  });
  expect(report.statusCode).toBe(201);
  const reportId = (report.json() as { id: number }).id;
  expect(
    (await asAdmin('PATCH', `/api/admin/reports/${reportId}`, { status: 'dismissed', note: 'Not spam' }))
      .statusCode,
  ).toBe(200);

  const newest = await eventually(
    async () => {
      const entries = await audit(`?actorUserId=${ADMIN}&limit=2`);
      return entries.some((entry) => entry.action === 'report.dismissed') && entries;
    },
    20_000,
    'the two actions on the log',
  );
  expect(newest.map((entry) => [entry.action, entry.target, entry.reason, entry.service])).toStrictEqual([
    [
      'report.dismissed',
      { type: 'report', id: String(reportId), label: 'film Quiet Orbit: spam' },
      'Not spam',
      'admin',
    ],
    ['film.approved', { type: 'film', id: '501', label: 'Quiet Orbit' }, '', 'admin'],
  ]);
  expect((await audit('?action=film.approved')).map((entry) => entry.target.id)).toStrictEqual(['501']);
});

test('the log is never updated or deleted', async () => {
  await expect(db.query(`update audit_log set reason = 'rewritten'`)).rejects.toThrow(/append-only/);
  await expect(db.query('delete from audit_log')).rejects.toThrow(/append-only/);
  await expect(db.query('truncate audit_log')).rejects.toThrow(/append-only/);
});

test('bad filters are a 400 naming them; the log is for admins only', async () => {
  expectError(await asAdmin('GET', '/api/admin/audit?action=user.deleted'), 400, /action must be one of/);
  expectError(await asAdmin('GET', '/api/admin/audit?actorUserId=7'), 400, /actorUserId must be a UUID/);
  expectError(await asAdmin('GET', '/api/admin/audit?limit=0'), 400, /limit/);
  expectError(await asAdmin('GET', `/api/admin/audit?targetId=${'x'.repeat(101)}`), 400, /targetId/);
  expectError(await call('GET', '/api/admin/audit'), 401);
  expectError(await asMember('GET', '/api/admin/audit'), 403);
});
