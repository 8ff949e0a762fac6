/**
 * What the fuzzer's requests aim at: the ids known to exist on the platform, by kind, for each
 * persona's reads and writes, and which path parameters, query parameters and body fields name
 * one of them.
 */
import fc from 'fast-check';
import type { Persona } from './policy';
import { mainType, type FieldHint } from './values';

export type IdKind =
  | 'film'
  | 'creator'
  | 'critic'
  | 'review'
  | 'user'
  | 'notification'
  | 'advertiser'
  | 'campaign'
  | 'creative'
  | 'report'
  | 'upload'
  | 'creativeUpload'
  | 'session'
  | 'invitation';

/** Ids known to exist, by kind (as text: integers and UUIDs alike). */
export type IdPools = Partial<Record<IdKind, readonly string[]>>;

/** What a persona's requests aim at: known ids, and whole numbers that look like ids. */
export interface Aim {
  pools: IdPools;
  plausible: readonly [number, number];
}

export interface PersonaTargets {
  /** For GET and HEAD. */
  read: Aim;
  /** For every call that may change something. */
  write: Aim;
}

export interface FuzzContext {
  targets: Record<Persona, PersonaTargets>;
  /** User ids to claim in forged X-User-Id headers and tampered cookies (the victim's). */
  forgedUserIds: readonly string[];
}

const PATH_KINDS: Record<string, IdKind> = {
  films: 'film',
  creators: 'creator',
  creator: 'creator',
  follow: 'creator',
  critics: 'critic',
  notifications: 'notification',
  advertisers: 'advertiser',
  campaigns: 'campaign',
  creatives: 'creative',
  reports: 'report',
  'creative-uploads': 'creativeUpload',
};

const NAMED_KINDS: Record<string, IdKind> = {
  filmId: 'film',
  excludeId: 'film',
  creatorId: 'creator',
  criticId: 'critic',
  reviewId: 'review',
  userId: 'user',
  advertiserId: 'advertiser',
  adId: 'creative',
  uploadId: 'upload',
  sessionId: 'session',
  token: 'invitation',
};

/** What a path parameter, query parameter or body field names, if it names an id. */
export function idKind(path: string, name: string): IdKind | undefined {
  if (name !== 'id') return NAMED_KINDS[name];
  const segment = path.split('/{id}')[0]!.split('/').pop() ?? '';
  return PATH_KINDS[segment];
}

const UUID_KINDS = new Set<IdKind>(['user', 'session']);

export function idValue(kind: IdKind, aim: Aim): fc.Arbitrary<string> {
  const pool = aim.pools[kind] ?? [];
  const [min, max] = aim.plausible;
  const plausible = UUID_KINDS.has(kind) ? fc.uuid() : fc.integer({ min, max }).map(String);
  return pool.length
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool) }, { weight: 2, arbitrary: plausible })
    : plausible;
}

/** Body and query fields that name ids get the aim's ids, typed as the schema asks. */
export function idHint(path: string, aim: Aim): FieldHint {
  return (name, schema) => {
    const kind = name === 'subjectId' ? undefined : idKind(path, name);
    const kinds: IdKind[] = kind ? [kind] : name === 'subjectId' ? ['film', 'review'] : [];
    if (!kinds.length) return undefined;
    const integer = mainType(schema) === 'integer' || mainType(schema) === 'number';
    return fc
      .oneof(...kinds.map((each) => idValue(each, aim)))
      .map((value) => (integer && /^-?\d+$/.test(value) ? Number(value) : value));
  };
}
