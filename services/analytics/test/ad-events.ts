import { create, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  AdEventKind,
  AdEventRecordedSchema,
  CampaignChangedSchema,
  EnvelopeSchema,
  PlacementType,
  topicOf,
} from '@kinora/proto';
import { randomUUID } from 'node:crypto';
import type { Publisher } from './harness';

/*
 * What a spec sent to ads.ad-event-recorded.v1, and the figures it must read back, computed here
 * from the advertising rules (docs/advertising.md) rather than imported from the code under test.
 */

export const DAY_MS = 86_400_000;
/** The documented default share: creators earn 55 % of each impression's charge, rounded down. */
export const SHARE_PERCENT = 55n;

export interface SentAdEvent {
  sessionId: string;
  adId: string;
  campaignId: string;
  filmId: number;
  placement: PlacementType;
  kind: AdEventKind;
  /** Micro-dollars: set on START only. */
  charge: bigint;
  at: Date;
}

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
export const isoMonth = (date: Date) => date.toISOString().slice(0, 7);

/** A viewer's ad: its start (the impression, charging `charge`) and what else the viewer did. */
export function adView(
  ad: { filmId: number; campaignId: string; placement: PlacementType; charge: bigint; at: Date },
  kinds: AdEventKind[] = [],
): SentAdEvent[] {
  const sessionId = randomUUID();
  const adId = `creative-${ad.campaignId}`;
  return [AdEventKind.START, ...kinds].map((kind) => ({
    ...ad,
    sessionId,
    adId,
    kind,
    charge: kind === AdEventKind.START ? ad.charge : 0n,
  }));
}

export function adMessage(event: SentAdEvent, eventId = randomUUID()) {
  const message = create(AdEventRecordedSchema, {
    envelope: create(EnvelopeSchema, { eventId, occurredAt: timestampFromDate(event.at), producer: 'ads' }),
    sessionId: event.sessionId,
    adId: event.adId,
    campaignId: event.campaignId,
    advertiserName: 'Acme',
    filmId: BigInt(event.filmId),
    placementType: event.placement,
    positionSeconds: event.placement === PlacementType.PRE_ROLL ? 0 : 60,
    kind: event.kind,
    chargeMicros: event.charge,
    userId: '',
    deviceType: 'desktop',
    country: 'FR',
    viewDurationSeconds: event.kind === AdEventKind.SKIP ? 5 : 0,
    occurredAt: timestampFromDate(event.at),
  });
  return { key: String(event.filmId), value: Buffer.from(toBinary(AdEventRecordedSchema, message)) };
}

/** Every distinct (session, ad, kind) sent, the first one kept: what analytics must count. */
export class AdLedger {
  readonly events = new Map<string, SentAdEvent>();

  /** Sends the events, each delivered twice (once as the same message, once re-produced) when `duplicate`. */
  async send(sut: Publisher, events: SentAdEvent[], duplicate = false, extra: Buffer[] = []): Promise<void> {
    const messages = events.flatMap((event) => {
      const message = adMessage(event);
      return duplicate ? [message, message, adMessage(event)] : [message];
    });
    for (const event of events) {
      const key = `${event.sessionId}|${event.adId}|${event.kind}`;
      if (!this.events.has(key)) this.events.set(key, event);
    }
    await sut.producer.send({
      topic: `${sut.kafka.prefix}${topicOf(AdEventRecordedSchema)}`,
      messages: [...messages, ...extra.map((value) => ({ key: 'junk', value }))],
    });
  }

  get all(): SentAdEvent[] {
    return [...this.events.values()];
  }

  private count(kind: AdEventKind, filter: (event: SentAdEvent) => boolean = () => true): number {
    return this.all.filter((event) => event.kind === kind && filter(event)).length;
  }

  private charged(filter: (event: SentAdEvent) => boolean = () => true): bigint {
    return this.all
      .filter((event) => event.kind === AdEventKind.START && filter(event))
      .reduce((sum, event) => sum + event.charge, 0n);
  }

  /** The admin's adMetrics, campaigns aside, with `days` of daily figures ending today. */
  adMetrics(days: number, now = new Date()) {
    const impressions = this.count(AdEventKind.START);
    const clicks = this.count(AdEventKind.CLICK);
    const placement = (type: PlacementType) => ({
      revenue: Number(this.charged((event) => event.placement === type)) / 1e6,
      views: this.count(AdEventKind.START, (event) => event.placement === type),
    });
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    return {
      totalRevenue: Number(this.charged()) / 1e6,
      totalImpressions: impressions,
      totalClicks: clicks,
      averageCTR: impressions ? clicks / impressions : 0,
      completionRate: impressions ? this.count(AdEventKind.COMPLETE) / impressions : 0,
      preRoll: placement(PlacementType.PRE_ROLL),
      midRoll: placement(PlacementType.MID_ROLL),
      postRoll: placement(PlacementType.POST_ROLL),
      daily: Array.from({ length: days }, (_, i) => {
        const date = isoDay(new Date(today - (days - 1 - i) * DAY_MS));
        const onDay = (event: SentAdEvent) => isoDay(event.at) === date;
        return {
          date,
          revenue: Number(this.charged(onDay)) / 1e6,
          impressions: this.count(AdEventKind.START, onDay),
          clicks: this.count(AdEventKind.CLICK, onDay),
        };
      }),
    };
  }

  /** Micro-dollar revenue, earnings (rounded down per impression) and impressions of some starts. */
  money(filter: (event: SentAdEvent) => boolean) {
    const starts = this.all.filter((event) => event.kind === AdEventKind.START && filter(event));
    return {
      revenue: starts.reduce((sum, event) => sum + event.charge, 0n),
      earnings: starts.reduce((sum, event) => sum + (event.charge * SHARE_PERCENT) / 100n, 0n),
      impressions: starts.length,
    };
  }
}

/** A CampaignChanged as the ads service publishes it. */
export async function publishCampaign(
  sut: Publisher,
  campaign: {
    id: string;
    status: string;
    budgetMicros: bigint;
    startsAt: Date;
    endsAt: Date;
    updatedAt: Date;
    deleted?: boolean;
  },
): Promise<void> {
  const message = create(CampaignChangedSchema, {
    envelope: create(EnvelopeSchema, {
      eventId: randomUUID(),
      occurredAt: timestampFromDate(new Date()),
      producer: 'ads',
    }),
    campaignId: campaign.id,
    name: `Campaign ${campaign.id}`,
    advertiserName: 'Acme',
    status: campaign.status,
    budgetMicros: campaign.budgetMicros,
    cpmMicros: 5_000_000n,
    startsAt: timestampFromDate(campaign.startsAt),
    endsAt: timestampFromDate(campaign.endsAt),
    updatedAt: timestampFromDate(campaign.updatedAt),
    deleted: campaign.deleted ?? false,
  });
  await sut.producer.send({
    topic: `${sut.kafka.prefix}${topicOf(CampaignChangedSchema)}`,
    messages: [{ key: campaign.id, value: Buffer.from(toBinary(CampaignChangedSchema, message)) }],
  });
}
