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

/**
 * The grant's fields in their order in a token: a JSON array keeps tokens short. Its price travels
 * as decimal text and its time as epoch milliseconds.
 */
const WIRE_ORDER = [
  'selectionId',
  'creativeId',
  'campaignId',
  'filmId',
  'sessionId',
  'position',
  'placementType',
  'viewerKey',
  'userId',
  'priceMicros',
  'country',
  'deviceType',
  'issuedAt',
] as const satisfies readonly (keyof AdGrant)[];

type WireValue = string | number | null;

/**
 * Ad tracking tokens: `<payload>.<hmac>`, the payload the base64url JSON of the grant and the HMAC
 * (SHA-256, ADS_TOKEN_KEY) over it. Only this service's key makes one, so a token names exactly
 * the selection (ad, campaign, film, session, position, placement, viewer, price) it came from.
 */
export class AdTokens {
  constructor(private readonly key: string) {}

  issue(grant: AdGrant): string {
    const wire: WireValue[] = WIRE_ORDER.map((field) => {
      const value = grant[field];
      return value instanceof Date ? value.getTime() : typeof value === 'bigint' ? value.toString() : value;
    });
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
      const wire = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as WireValue[];
      const fields = Object.fromEntries(WIRE_ORDER.map((field, index) => [field, wire[index]]));
      return {
        ...fields,
        priceMicros: BigInt(fields.priceMicros as string),
        issuedAt: new Date(fields.issuedAt as number),
      } as AdGrant;
    } catch {
      return null;
    }
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(`ads-token.v1.${payload}`).digest('base64url');
  }
}
