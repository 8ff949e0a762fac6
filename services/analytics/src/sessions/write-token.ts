import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A viewing session's write token: what the API learned when the session started, signed, so an
 * update needs no lookup. `<filmId>.<startMs>.<user|->.<writer>.<hmac>`; the HMAC also covers the
 * session id. An update is accepted only with a token of its session issued to the same member
 * (or to a visitor, for a visitor's session). `writer` is derived from the session and who opened
 * it (the member, or the visitor's address and agent), so a retried start gets the same one; the
 * consumer drops writes from any writer but the session's first (docs/analytics-and-money.md).
 */
export interface SessionGrant {
  sessionId: string;
  filmId: number;
  startedAt: Date;
  /** The member, or null for a visitor. */
  userId: string | null;
  writer: string;
}

const ANONYMOUS = '-';

export class WriteTokens {
  constructor(private readonly key: string) {}

  /** `opener`: the member's id, or the visitor's viewer key. */
  issue(grant: Omit<SessionGrant, 'writer'>, opener: string): { token: string; writer: string } {
    const writer = this.sign(grant.sessionId, `writer.${opener}`).slice(0, 16);
    const body = `${grant.filmId}.${grant.startedAt.getTime()}.${grant.userId ?? ANONYMOUS}.${writer}`;
    return { token: `${body}.${this.sign(grant.sessionId, body)}`, writer };
  }

  /** The grant behind `token` for `sessionId`, or null if it is not one this key signed for it. */
  verify(sessionId: string, token: string): SessionGrant | null {
    const parts = token.split('.');
    if (parts.length !== 5) return null;
    const [film, start, user, writer, mac] = parts as [string, string, string, string, string];
    const expected = Buffer.from(this.sign(sessionId, `${film}.${start}.${user}.${writer}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return {
      sessionId,
      filmId: Number(film),
      startedAt: new Date(Number(start)),
      userId: user === ANONYMOUS ? null : user,
      writer,
    };
  }

  private sign(sessionId: string, body: string): string {
    return createHmac('sha256', this.key).update(`${sessionId.toLowerCase()}.${body}`).digest('base64url');
  }
}
