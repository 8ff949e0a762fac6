import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PlacementTypeName } from './delivery-rules';

/** What selection decided, carried by the ad's tracking token so a tracking call needs no lookup. */
export interface AdGrant {
  selectionId: string;
  creativeId: number;
  campaignId: number;
  filmId: number;
  sessionId: string;
  position: number;
  placementType: PlacementTypeName;
  /** The member's id, or a visitor's hash of address and agent. */
  viewerKey: string;
  /** The member, or null for a visitor. */
  userId: string | null;
  /** What the impression charges, micro-dollars (CPM / 1000 at selection). */
  priceMicros: bigint;
  country: string;
  deviceType: string;
  issuedAt: Date;
}

/** A token is accepted this long after its selection (an ad plays within minutes). */
export const AD_TOKEN_TTL_MS = 24 * 60 * 60_000;

type Wire = [
  string,
  number,
  number,
  number,
  string,
  number,
  PlacementTypeName,
  string,
  string | null,
  string,
  string,
  string,
  number,
];

/**
 * Ad tracking tokens: `<payload>.<hmac>`, the payload the base64url JSON of the grant and the HMAC
 * (SHA-256, ADS_TOKEN_KEY) over it. Only this service's key makes one, so a token names exactly
 * the selection (ad, campaign, film, session, position, placement, viewer, price) it came from.
 */
export class AdTokens {
  constructor(private readonly key: string) {}

  issue(grant: AdGrant): string {
    const wire: Wire = [
      grant.selectionId,
      grant.creativeId,
      grant.campaignId,
      grant.filmId,
      grant.sessionId,
      grant.position,
      grant.placementType,
      grant.viewerKey,
      grant.userId,
      grant.priceMicros.toString(),
      grant.country,
      grant.deviceType,
      grant.issuedAt.getTime(),
    ];
    const payload = Buffer.from(JSON.stringify(wire)).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The grant behind `token`, or null if this key did not sign it. */
  verify(token: string): AdGrant | null {
    const dot = token.indexOf('.');
    if (dot <= 0 || token.length > 4096) return null;
    const payload = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1));
    const expected = Buffer.from(this.sign(payload));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const wire = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Wire;
      const [
        selectionId,
        creativeId,
        campaignId,
        filmId,
        sessionId,
        position,
        placementType,
        viewerKey,
        userId,
        price,
        country,
        deviceType,
        issuedAt,
      ] = wire;
      return {
        selectionId,
        creativeId,
        campaignId,
        filmId,
        sessionId,
        position,
        placementType,
        viewerKey,
        userId,
        priceMicros: BigInt(price),
        country,
        deviceType,
        issuedAt: new Date(issuedAt),
      };
    } catch {
      return null;
    }
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(`ads-token.v1.${payload}`).digest('base64url');
  }
}
