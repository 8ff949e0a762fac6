import { identityFromHeaders } from './identity';

test('no user id means anonymous', () => {
  expect(identityFromHeaders({})).toBe(null);
  expect(identityFromHeaders({ 'x-user-id': '  ', 'x-user-roles': 'admin' })).toBe(null);
});

test('roles are parsed, deduplicated and restricted to known ones', () => {
  expect(
    identityFromHeaders({ 'x-user-id': 'u1', 'x-user-roles': 'admin, creator,admin,root' }),
  ).toStrictEqual({
    userId: 'u1',
    roles: ['admin', 'creator'],
  });
  expect(identityFromHeaders({ 'x-user-id': 'u2' })).toStrictEqual({ userId: 'u2', roles: [] });
});
