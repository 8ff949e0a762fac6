import { AdTokens, type AdGrant } from './ad-token';

const grant: AdGrant = {
  selectionId: '6f1d2c1e-8a43-4a8e-9d0c-2f1f2b3c4d5e',
  creativeId: 7,
  campaignId: 3,
  filmId: 42,
  sessionId: '0b7c4d9e-1111-4222-8333-944455556666',
  position: 150.5,
  placementType: 'mid_roll',
  viewerKey: 'v:abc.def',
  userId: null,
  priceMicros: 5_000n,
  country: 'GB',
  deviceType: 'mobile',
  issuedAt: new Date('2026-12-05T10:00:00.000Z'),
};

describe('AdTokens', () => {
  const sut = new AdTokens('k'.repeat(32));

  test('a token gives back the grant it was issued for', () => {
    expect(sut.verify(sut.issue(grant))).toEqual(grant);
    const member = { ...grant, viewerKey: 'user-9', userId: 'user-9' };
    expect(sut.verify(sut.issue(member))).toEqual(member);
  });

  test('a changed payload, a changed signature or another key is refused', () => {
    const token = sut.issue(grant);
    const [payload, mac] = token.split('.') as [string, string];
    const forged = Buffer.from(
      Buffer.from(payload, 'base64url').toString('utf8').replace('"v:abc.def"', '"v:someone"'),
    ).toString('base64url');
    expect(sut.verify(`${forged}.${mac}`)).toBeNull();
    expect(sut.verify(`${payload}.${mac.slice(0, -2)}xx`)).toBeNull();
    expect(new AdTokens('o'.repeat(32)).verify(token)).toBeNull();
    for (const junk of ['', '.', 'abc', `${payload}.`, `.${mac}`, 'a.b.c'])
      expect(sut.verify(junk)).toBeNull();
  });
});
