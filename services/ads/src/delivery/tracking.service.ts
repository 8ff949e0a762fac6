import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ForbiddenException, Injectable } from '@nestjs/common';
import { ClientContext, OutboxService } from '@kinora/common';
import { AdEventRecordedSchema } from '@kinora/proto';
import { AD_TOKEN_TTL_MS, type AdGrant } from './ad-token';
import type { Caller } from './caller';
import { AdEventsRepository } from './ad-events.repository';
import { DeliveryCache } from './delivery-cache';
import { AD_EVENT_KIND_OF, PLACEMENT_TYPE_OF, type AdEventName } from './delivery-rules';
import { DeliveryRepository } from './delivery.repository';
import { DeliveryStore } from './delivery-store';
import type { RecordAdViewDto } from './dto/delivery.dto';
import { SelectionService } from './selection.service';

const NOT_THIS_AD = 'token is missing or is not the token of this ad';

/** The event a spec payload names when `event` is left out. */
export function eventOf(body: RecordAdViewDto): AdEventName {
  if (body.event) return body.event;
  if (body.clicked === true) return 'click';
  if (body.wasSkipped === true) return 'skip';
  if (body.viewStartTime !== undefined && body.viewStartTime !== null) return 'start';
  throw new BadRequestException(
    'event is required (start, first_quartile, midpoint, third_quartile, complete, skip or click), or a payload naming it: viewStartTime, wasSkipped or clicked',
  );
}

/**
 * Tracking (docs/advertising.md#tracking): a call is accepted with the token of its selection only,
 * from the viewer it was selected for. Each (session, ad, break, event) is recorded once; `start` is the
 * impression and charges the campaign once (DeliveryStore.charge, keyed by the selection). The
 * event row and AdEventRecorded are written in one transaction.
 */
@Injectable()
export class TrackingService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly selection: SelectionService,
    private readonly cache: DeliveryCache,
    private readonly store: DeliveryStore,
    private readonly client: ClientContext,
    private readonly events: AdEventsRepository,
    private readonly reads: DeliveryRepository,
  ) {}

  /** POST /api/ads/view: true when recorded now, false for a repeat. */
  async view(body: RecordAdViewDto, caller: Caller): Promise<boolean> {
    const event = eventOf(body);
    const grant = this.grantFor(body.token, caller);
    if (
      grant.creativeId !== body.adId ||
      grant.filmId !== body.filmId ||
      grant.sessionId !== body.sessionId.toLowerCase()
    ) {
      throw new ForbiddenException(NOT_THIS_AD);
    }
    const viewDuration = event === 'skip' ? (body.viewDuration ?? 0) : 0;
    return this.record(grant, event, viewDuration);
  }

  /** GET /api/ads/track: the VAST player's pixels. */
  async track(token: string | undefined, event: AdEventName, caller: Caller): Promise<boolean> {
    return this.record(this.grantFor(token, caller), event, 0);
  }

  private grantFor(token: string | undefined, caller: Caller): AdGrant {
    const grant = token ? this.selection.tokens.verify(token) : null;
    if (!grant) throw new ForbiddenException(NOT_THIS_AD);
    if (Date.now() - grant.issuedAt.getTime() > AD_TOKEN_TTL_MS) {
      throw new ForbiddenException('token has expired: the ad was selected too long ago');
    }
    const userId = caller.identity?.userId ?? null;
    const viewerKey = this.client.of(caller.ip, caller.userAgent, '', userId).viewerKey;
    if (grant.viewerKey !== viewerKey || grant.userId !== userId) {
      throw new ForbiddenException('This ad was selected for someone else');
    }
    return grant;
  }

  /**
   * The row goes in first: only the call whose row is inserted charges (under the row's lock, so a
   * concurrent repeat waits and then finds it). Should the commit fail after the charge, the retry
   * gets the same charge back from the selection's marker, never a second one.
   */
  private async record(grant: AdGrant, event: AdEventName, viewDuration: number): Promise<boolean> {
    const key = {
      session_id: grant.sessionId,
      creative_id: grant.creativeId,
      position: grant.position,
      kind: event,
    };
    if (await this.events.recorded(key)) return false;
    const advertiserName = await this.cache.advertiserName(grant.campaignId);
    const occurredAt = new Date();
    return this.em.fork().transactional(async (em) => {
      const inserted = await this.events.insert({
        selection_id: grant.selectionId,
        ...key,
        campaign_id: grant.campaignId,
        film_id: grant.filmId,
        placement_type: grant.placementType,
        charge_micros: 0,
        user_id: grant.userId,
        viewer_key: grant.viewerKey,
        device_type: grant.deviceType,
        country: grant.country,
        view_duration: viewDuration,
        occurred_at: occurredAt.toISOString(),
      });
      if (inserted === undefined) return false;
      const chargeMicros = event === 'start' ? await this.charge(grant) : 0n;
      if (chargeMicros > 0n) await this.events.setCharge(inserted, chargeMicros);
      this.outbox.add(
        em,
        AdEventRecordedSchema,
        {
          sessionId: grant.sessionId,
          adId: String(grant.creativeId),
          campaignId: String(grant.campaignId),
          advertiserName,
          filmId: BigInt(grant.filmId),
          placementType: PLACEMENT_TYPE_OF[grant.placementType],
          positionSeconds: grant.position,
          kind: AD_EVENT_KIND_OF[event],
          chargeMicros,
          userId: grant.userId ?? '',
          deviceType: grant.deviceType,
          country: grant.country,
          viewDurationSeconds: viewDuration,
          occurredAt: timestampFromDate(occurredAt),
        },
        String(grant.filmId),
      );
      return true;
    });
  }

  /** The impression's charge; a deleted campaign is charged nothing more. */
  private async charge(grant: AdGrant): Promise<bigint> {
    const budgetMicros = await this.reads.budgetMicros(grant.campaignId);
    if (budgetMicros === undefined) return 0n;
    const { chargeMicros } = await this.store.charge(grant.selectionId, {
      campaignId: String(grant.campaignId),
      priceMicros: grant.priceMicros,
      budgetMicros: BigInt(budgetMicros),
    });
    return chargeMicros;
  }
}
