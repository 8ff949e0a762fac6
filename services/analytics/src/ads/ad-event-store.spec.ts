import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { AdEventKind, AdEventRecordedSchema, EnvelopeSchema, PlacementType } from '@kinora/proto';
import { adEventRowOf } from './ad-event-store';

const at = new Date('2026-12-05T23:59:59.500Z');
const event = (overrides: Record<string, unknown> = {}) =>
  create(AdEventRecordedSchema, {
    envelope: create(EnvelopeSchema, { eventId: 'e-1', occurredAt: timestampFromDate(new Date(0)) }),
    sessionId: 's-1',
    adId: 'ad-1',
    campaignId: 'c-1',
    filmId: 12n,
    placementType: PlacementType.POST_ROLL,
    kind: AdEventKind.FIRST_QUARTILE,
    chargeMicros: 0n,
    occurredAt: timestampFromDate(at),
    ...overrides,
  });

describe('adEventRowOf', () => {
  test('names the kind and placement, and buckets by the UTC day it occurred', () => {
    expect(adEventRowOf(event(), new Date())).toMatchObject({
      event_id: 'e-1',
      kind: 'first_quartile',
      placement_type: 'post_roll',
      film_id: 12,
      charge_micros: '0',
      user_id: null,
      occurred_at: at.toISOString(),
      day: '2026-12-05',
    });
  });

  test('falls back on the envelope time', () => {
    const row = adEventRowOf(event({ occurredAt: undefined }), new Date());
    expect(typeof row !== 'string' && row.day).toBe('1970-01-01');
  });

  test.each([
    ['no envelope', { envelope: undefined }],
    ['no session', { sessionId: '' }],
    ['no kind', { kind: AdEventKind.UNSPECIFIED }],
    ['an unknown kind', { kind: 42 }],
    ['no placement', { placementType: PlacementType.UNSPECIFIED }],
    ['no film', { filmId: 0n }],
    ['a film id beyond an integer', { filmId: 2n ** 31n }],
    ['a negative charge', { chargeMicros: -1n }],
  ])('refuses an event with %s', (_, overrides) => {
    expect(typeof adEventRowOf(event(overrides), new Date())).toBe('string');
  });
});
