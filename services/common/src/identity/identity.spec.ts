import assert from 'node:assert/strict';
import { test } from 'node:test';
import { identityFromHeaders } from './identity';

test('no user id means anonymous', () => {
  assert.equal(identityFromHeaders({}), null);
  assert.equal(identityFromHeaders({ 'x-user-id': '  ', 'x-user-roles': 'admin' }), null);
});

test('roles are parsed, deduplicated and restricted to known ones', () => {
  assert.deepEqual(identityFromHeaders({ 'x-user-id': 'u1', 'x-user-roles': 'admin, creator,admin,root' }), {
    userId: 'u1',
    roles: ['admin', 'creator'],
  });
  assert.deepEqual(identityFromHeaders({ 'x-user-id': 'u2' }), { userId: 'u2', roles: [] });
});
