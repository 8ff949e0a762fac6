import { randomUUID } from 'node:crypto';
import { isBareToken, signSession, verifySession, type SessionClaims } from './session-token';

const OLD = 'an-old-key-that-is-long-enough-to-sign-0001';
const NEW = 'a-new-key-that-is-long-enough-to-sign-00002';
const claims: SessionClaims = {
  token: 'PQ_IyihMegbfoec8BmyB8lS_L62em3u-z2BwoZYOoQA',
  userId: randomUUID(),
  roles: ['admin', 'creator'],
  identityVersion: 7,
  expiresAt: 1_900_000_000,
};

describe('session cookie', () => {
  test('round-trips its claims, expired or not', () => {
    const sut = signSession(claims, [NEW]);
    expect(sut.split('.')).toHaveLength(6);
    expect(verifySession(sut, [NEW])).toStrictEqual(claims);
    expect(verifySession(signSession({ ...claims, roles: [], expiresAt: 1 }, [NEW]), [NEW])).toStrictEqual({
      ...claims,
      roles: [],
      expiresAt: 1,
    });
  });

  test('verifies with any listed key and signs with the first (rotation)', () => {
    const signedBefore = signSession(claims, [OLD]);
    expect(verifySession(signedBefore, [NEW, OLD])).toStrictEqual(claims);
    expect(verifySession(signedBefore, [NEW])).toBeNull();
    expect(verifySession(signSession(claims, [NEW, OLD]), [NEW])).toStrictEqual(claims);
  });

  test('refuses anything changed or malformed', () => {
    const sut = signSession(claims, [NEW]);
    const parts = sut.split('.');
    const changed = (index: number, value: string) =>
      parts.map((part, i) => (i === index ? value : part)).join('.');
    for (const forged of [
      changed(2, 'admin+creator+critic'),
      changed(3, '8'),
      changed(4, '1900000001'),
      changed(1, randomUUID()),
      changed(
        5,
        parts[5]!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      ),
      `${sut}.x`,
      parts.slice(0, 5).join('.'),
      changed(2, 'Admin'),
      changed(3, '-1'),
      '',
    ]) {
      expect(verifySession(forged, [NEW])).toBeNull();
    }
  });

  test('a bare token from before signed cookies is recognised as one', () => {
    expect(isBareToken(claims.token)).toBe(true);
    expect(isBareToken(signSession(claims, [NEW]))).toBe(false);
  });
});
