// A member deleted their account (auth.user-deleted.v1, delivered twice): the waitlist entry and
// feedback sent from their address go, and the audit log, never rewritten, names them no more.
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { encodeEvent, eventually } from '@kinora/common/testing';
import { AdminActionTakenSchema, topicOf, UserDeletedSchema } from '@kinora/proto';
import { createHash } from 'node:crypto';
import {
  ADMIN,
  MEMBER,
  asAdmin,
  call,
  db,
  deliver,
  filmEvent,
  publish,
  service,
  setUpAdminHarness,
} from './admin-harness';

setUpAdminHarness('admin_deleted_member');

const EMAIL = 'bo@example.com';

beforeAll(async () => {
  await deliver([{ event: filmEvent(501, { title: 'Borrowed Faces' }) }]);
});

test('a deleted member leaves no address or name in the waitlist, feedback or audit log', async () => {
  expect((await call('POST', '/api/waitlist', { email: EMAIL })).statusCode).toBe(201);
  expect(
    (await call('POST', '/api/feedback', { name: 'Bo', email: EMAIL, vision: 'Sea films' })).statusCode,
  ).toBe(201);
  expect((await call('POST', '/api/waitlist', { email: 'stays@example.com' })).statusCode).toBe(201);
  await publish(
    AdminActionTakenSchema,
    {
      actorUserId: ADMIN,
      action: 'user.suspended',
      targetType: 'user',
      targetId: MEMBER,
      targetLabel: EMAIL,
    },
    { key: `user:${MEMBER}`, producer: 'auth' },
  );
  await publish(
    AdminActionTakenSchema,
    {
      actorUserId: ADMIN,
      action: 'critic.invited',
      targetType: 'critic-invitation',
      targetId: '9',
      targetLabel: EMAIL,
    },
    { key: 'critic-invitation:9', producer: 'social' },
  );
  await publish(
    AdminActionTakenSchema,
    {
      actorUserId: MEMBER,
      action: 'account.exported',
      targetType: 'user',
      targetId: MEMBER,
      targetLabel: EMAIL,
    },
    { key: `user:${MEMBER}`, producer: 'auth' },
  );
  expect(JSON.stringify((await asAdmin('GET', '/api/admin/audit')).json())).toContain(EMAIL);
  expect(
    (
      await call(
        'POST',
        '/api/reports',
        { subjectType: 'film', subjectId: 501, reason: 'undisclosed_ai' },
        MEMBER,
      )
    ).statusCode,
  ).toBe(201);
  expect((await call('GET', '/api/user/export/admin')).statusCode).toBe(401);
  expect((await call('GET', '/api/user/export/admin', undefined, MEMBER)).json()).toMatchObject({
    reports: [
      { subjectType: 'film', subjectId: 501, reason: 'undisclosed_ai', status: 'open', resolvedAt: null },
    ],
  });

  const { eventId, value } = encodeEvent(UserDeletedSchema, {
    user: { userId: MEMBER, email: `deleted-${MEMBER}@deleted.invalid`, subscriptionType: 'free' },
    version: 9n,
    deletedAt: timestampFromDate(new Date()),
    emailSha256: createHash('sha256').update(EMAIL).digest('hex'),
  });
  const topic = `${service.kafka.prefix}${topicOf(UserDeletedSchema)}`;
  await service.producer.send({
    topic,
    messages: [
      { key: MEMBER, value },
      { key: MEMBER, value },
    ],
  });
  await eventually(
    async () =>
      (await db.query('select 1 from processed_events where event_id = $1', [eventId])).rowCount === 2,
    20_000,
    'both handlers',
  );

  const everything = JSON.stringify([
    (await asAdmin('GET', '/api/admin/audit')).json(),
    (await asAdmin('GET', '/api/admin/waitlist')).json(),
    (await asAdmin('GET', '/api/admin/feedback')).json(),
  ]);
  expect(everything).not.toMatch(/bo@example\.com|"Bo"|Reyes/);
  expect(everything).toContain('stays@example.com');
  const entries = (await asAdmin('GET', `/api/admin/audit?targetId=${MEMBER}`)).json() as {
    action: string;
    actor: { email: string | null };
    target: { label: string };
  }[];
  expect(entries.map((entry) => [entry.action, entry.target.label])).toStrictEqual([
    ['account.exported', 'Deleted user'],
    ['user.suspended', 'Deleted user'],
  ]);
  expect(entries[0]!.actor.email).toBe(`deleted-${MEMBER}@deleted.invalid`);
  expect((await db.query('select 1 from audit_log where target_label = $1', [EMAIL])).rowCount).toBe(3);
});
