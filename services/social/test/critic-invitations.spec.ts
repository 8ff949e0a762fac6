// Critic invitations: mailed, single use, expiring, accepted once under concurrency, validated
// field by field.
import { fromBinary } from '@bufbuild/protobuf';
import { suffix } from '@kinora/common/testing';
import { AdminActionTakenSchema, topicOf } from '@kinora/proto';
import {
  ADMIN,
  MEMBER,
  asAdmin,
  call,
  db,
  expectError,
  invite,
  profile,
  setUpCriticsHarness,
} from './critics-harness';

setUpCriticsHarness('social_critic_invitations');

/** The audit entries in the outbox, oldest first. */
async function auditEntries() {
  const { rows } = await db.query<{ payload: Buffer }>(
    'select payload from outbox where topic = $1 order by position',
    [topicOf(AdminActionTakenSchema)],
  );
  return rows.map((row) => fromBinary(AdminActionTakenSchema, row.payload));
}

describe('invitations', () => {
  test('only admins invite: visitors 401, members 403, a bad address 400 naming email', async () => {
    expectError(await call('POST', '/api/critics/invitations', { email: 'x@example.com' }), 401);
    expectError(await call('POST', '/api/critics/invitations', { email: 'x@example.com' }, MEMBER), 403);
    expectError(await asAdmin('POST', '/api/critics/invitations', { email: 'nope' }), 400, /^email must be/);
    expectError(await asAdmin('POST', '/api/critics/invitations', {}), 400, /email/);
  });

  test('the mailed token shows the address, works once, and only its digest is stored', async () => {
    const email = `Critic-${suffix()}@Example.com`;
    const token = await invite(email);
    const found = await call('GET', `/api/critics/invitation/${token}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().email).toBe(email.toLowerCase());
    const stored = await db.query('select token_hash from critic_invitations where email = $1', [
      email.toLowerCase(),
    ]);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].token_hash).not.toContain(token);

    const accepted = await call('POST', '/api/critics/accept-invitation', { token, userData: profile });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ email: email.toLowerCase(), criticId: expect.any(Number) });

    const again = await call('POST', '/api/critics/accept-invitation', { token, userData: profile });
    expectError(again, 410, /already been used/);
    expect(again.json().error).toBe(again.json().message);
    expectError(await call('GET', `/api/critics/invitation/${token}`), 410, /already been used/);
    expectError(
      await call('GET', '/api/critics/invitation/unknown-token'),
      404,
      /Invalid or expired invitation/,
    );

    const events = await db.query(`select key, type from outbox where topic = 'social.critic-registered.v1'`);
    expect(events.rows).toStrictEqual([
      { key: String(accepted.json().criticId), type: 'kinora.social.v1.CriticRegistered' },
    ]);
  });

  test('an expired token is refused; re-inviting issues a fresh token and retires the old one', async () => {
    const email = `late-${suffix()}@example.com`;
    const first = await invite(email);
    const second = await invite(email);
    expect(second).not.toBe(first);
    expectError(await call('GET', `/api/critics/invitation/${first}`), 404);
    await db.query(
      `update critic_invitations set expires_at = now() - interval '1 second' where email = $1`,
      [email],
    );
    expectError(await call('GET', `/api/critics/invitation/${second}`), 410, /expired/);
    expectError(
      await call('POST', '/api/critics/accept-invitation', { token: second, userData: profile }),
      410,
      /expired/,
    );
    const fresh = await invite(email);
    expect((await call('GET', `/api/critics/invitation/${fresh}`)).statusCode).toBe(200);
  });

  test('two concurrent accepts of one token: exactly one wins', async () => {
    const email = `race-${suffix()}@example.com`;
    const token = await invite(email);
    const results = await Promise.all(
      [1, 2, 3].map(() => call('POST', '/api/critics/accept-invitation', { token, userData: profile })),
    );
    expect(results.map((r) => r.statusCode).sort()).toStrictEqual([201, 410, 410]);
    const critics = await db.query('select 1 from critics where email = $1', [email]);
    expect(critics.rows).toHaveLength(1);
  });

  test('the profile is validated field by field, without using up the token', async () => {
    const token = await invite(`fields-${suffix()}@example.com`);
    const cases: [unknown, RegExp][] = [
      [{ ...profile, firstName: '  ' }, /userData\.firstName is required/],
      [{ ...profile, lastName: undefined }, /userData\.lastName is required/],
      [{ ...profile, bio: '' }, /userData\.bio is required/],
      [{ ...profile, website: 'not a url' }, /userData\.website must be an http\(s\) URL/],
      [{ ...profile, expertise: ['Drama', 'Western'] }, /userData\.expertise must be a list of/],
      [{ ...profile, socialLinks: { website: 'ftp://x' } }, /userData\.socialLinks\.website must be/],
      [{ ...profile, isVerified: true }, /property isVerified should not exist/],
    ];
    for (const [userData, message] of cases) {
      const response = await call('POST', '/api/critics/accept-invitation', { token, userData });
      expectError(response, 400, message);
      expect(response.json().error).toBe(response.json().message);
    }
    expectError(
      await call('POST', '/api/critics/accept-invitation', { userData: profile }),
      400,
      /token is required/,
    );
    expectError(
      await call('POST', '/api/critics/accept-invitation', { token }),
      400,
      /userData must be an object/,
    );
    expect((await call('GET', `/api/critics/invitation/${token}`)).statusCode).toBe(200);
  });

  test('each invitation an admin sends is on the audit log; a refused one is not', async () => {
    const before = (await auditEntries()).length;
    for (const [response, status] of [
      [await call('POST', '/api/critics/invitations', { email: 'x@example.com' }), 401],
      [await call('POST', '/api/critics/invitations', { email: 'x@example.com' }, MEMBER), 403],
      [await asAdmin('POST', '/api/critics/invitations', { email: 'nope' }), 400],
    ] as const) {
      expect(response.statusCode).toBe(status);
    }
    expect(await auditEntries()).toHaveLength(before);

    const email = `Logged-${suffix()}@example.com`;
    await invite(email);
    await invite(email);
    const { rows } = await db.query<{ id: number }>(
      'select id from critic_invitations where email = $1 order by id',
      [email.toLowerCase()],
    );
    const entries = (await auditEntries()).slice(before);
    expect(
      entries.map((entry) => [entry.actorUserId, entry.action, entry.targetType, entry.targetLabel]),
    ).toEqual([
      [ADMIN, 'critic.invited', 'invitation', email.toLowerCase()],
      [ADMIN, 'critic.invited', 'invitation', email.toLowerCase()],
    ]);
    // The second invitation retired the first: the log keeps both, the table the live one.
    expect(entries[1]!.targetId).toBe(String(rows.at(-1)!.id));
    expect(JSON.parse(entries[1]!.detailsJson)).toEqual({ expiresAt: expect.any(String) });
  });
});
