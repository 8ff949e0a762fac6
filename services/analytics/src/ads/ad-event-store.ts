import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Injectable } from '@nestjs/common';
import { AdEventKind, PlacementType, type AdEventRecorded } from '@kinora/proto';
import type { RollupJobs } from '../rollups/rollups.queue';
import { AdEventsRepository, type AdEventRow } from './ad-events.repository';

export type { AdEventRow };

const MAX_FILM_ID = 2_147_483_647;

/** AD_EVENT_KIND_FIRST_QUARTILE → first_quartile, PLACEMENT_TYPE_PRE_ROLL → pre_roll. */
const nameOf = (value: string | undefined) => value?.toLowerCase() ?? '';

/**
 * The row an event stores, or why it cannot be stored (the ads service is another team's
 * producer: a malformed event is reported and skipped, it does not stop the stream).
 */
export function adEventRowOf(event: AdEventRecorded, fallbackAt: Date): AdEventRow | string {
  if (!event.envelope?.eventId) return 'no envelope.event_id';
  if (!event.sessionId || !event.adId || !event.campaignId) return 'no session, ad or campaign id';
  if (event.kind === AdEventKind.UNSPECIFIED || !AdEventKind[event.kind]) return 'no kind';
  if (event.placementType === PlacementType.UNSPECIFIED || !PlacementType[event.placementType])
    return 'no placement type';
  if (event.filmId <= 0n || event.filmId > BigInt(MAX_FILM_ID)) return 'film id out of range';
  if (event.chargeMicros < 0n) return 'negative charge';
  const stamp = event.occurredAt ?? event.envelope.occurredAt;
  const occurredAt = stamp ? timestampDate(stamp) : fallbackAt;
  if (Number.isNaN(occurredAt.getTime())) return 'bad occurred_at';
  return {
    event_id: event.envelope.eventId,
    session_id: event.sessionId,
    ad_id: event.adId,
    kind: nameOf(AdEventKind[event.kind]),
    campaign_id: event.campaignId,
    advertiser_name: event.advertiserName,
    film_id: Number(event.filmId),
    placement_type: nameOf(PlacementType[event.placementType]),
    position_seconds: Number.isFinite(event.positionSeconds) ? event.positionSeconds : 0,
    // Only the impression (start) carries a charge; the rollups read it from start events only.
    charge_micros: event.chargeMicros.toString(),
    user_id: event.userId || null,
    device_type: event.deviceType,
    country: event.country,
    view_duration_seconds: Number.isFinite(event.viewDurationSeconds) ? event.viewDurationSeconds : 0,
    occurred_at: occurredAt.toISOString(),
    day: occurredAt.toISOString().slice(0, 10),
  };
}

/** Stores ad events once per (session, ad, break position, kind): a redelivered or repeated event adds nothing. */
@Injectable()
export class AdEventStore {
  constructor(private readonly events: AdEventsRepository) {}

  /**
   * Stores a batch in one statement and returns every (film, day) bucket it names, stored now or
   * before: a batch redelivered after a crash between commit and enqueue queues its buckets again.
   */
  async store(rows: AdEventRow[]): Promise<Array<RollupJobs['ad-day']>> {
    if (rows.length === 0) return [];
    await this.events.insert(rows);
    const buckets = new Map(rows.map((row) => [`${row.film_id}:${row.day}`, row]));
    return [...buckets.values()].map((row) => ({ filmId: row.film_id, day: row.day }));
  }
}
