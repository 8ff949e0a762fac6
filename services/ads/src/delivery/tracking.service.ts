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
   * A `start` is charged first, by the selection's marker (DeliveryStore.charge): a repeat, or a
   * retry after a failed commit, gets the same charge back, never a second one. Then the row, with its
   * charge, and its event commit together; a repeat's row is not inserted and it records nothing.
   * So a recording is one Redis script and one transaction of two inserts; the campaign's terms come
   * from the delivery cache.
   */
  private async record(grant: AdGrant, event: AdEventName, viewDuration: number): Promise<boolean> {
    const terms = await this.cache.chargeTerms(grant.campaignId);
    // A deleted campaign is charged nothing more.
    const chargeMicros = event === 'start' && terms ? await this.charge(grant, terms.budgetMicros) : 0n;
    const occurredAt = new Date();
    return this.em.fork().transactional(async (em) => {
      const inserted = await this.events.insert({
        selection_id: grant.selectionId,
        session_id: grant.sessionId,
        creative_id: grant.creativeId,
        position: grant.position,
        kind: event,
        campaign_id: grant.campaignId,
        film_id: grant.filmId,
        placement_type: grant.placementType,
        charge_micros: chargeMicros.toString(),
        user_id: grant.userId,
        viewer_key: grant.viewerKey,
        device_type: grant.deviceType,
        country: grant.country,
        view_duration: viewDuration,
        occurred_at: occurredAt.toISOString(),
      });
      if (inserted === undefined) return false;
      this.outbox.add(
        em,
        AdEventRecordedSchema,
        {
          sessionId: grant.sessionId,
          adId: String(grant.creativeId),
          campaignId: String(grant.campaignId),
          advertiserName: terms?.advertiserName ?? '',
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

  /** The impression's charge, once per selection. */
  private async charge(grant: AdGrant, budgetMicros: bigint): Promise<bigint> {
    const { chargeMicros } = await this.store.charge(grant.selectionId, {
      campaignId: String(grant.campaignId),
      priceMicros: grant.priceMicros,
      budgetMicros,
    });
    return chargeMicros;
  }
}
