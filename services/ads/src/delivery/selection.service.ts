import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { ClientContext, CONFIG, UNKNOWN_COUNTRY } from '@kinora/common';
import { randomUUID } from 'node:crypto';
import type { Config } from '../config';
import { AdTokens, type AdGrant } from './ad-token';
import type { Caller } from './caller';
import { DeliveryCache, type LiveCampaign, type LiveCreative, type LiveFilm } from './delivery-cache';
import { placementTypeAt, placementsOf, targetingMatches, type Placement } from './delivery-rules';
import { capDay, DeliveryStore } from './delivery-store';
import type { AdDto, UserDemographicsDto } from './dto/delivery.dto';

/** What a break asks for. */
export interface AdRequest {
  filmId: number;
  position: number;
  sessionId: string;
  demographics?: UserDemographicsDto | null;
  deviceType?: string | null;
}

/** The ad chosen, with what its tracking needs. */
export interface Selection {
  ad: AdDto;
  grant: AdGrant;
  creative: LiveCreative;
  campaign: LiveCampaign;
}

/** Agents that name no device are desktop browsers (ua-parser names mobiles, tablets and TVs). */
const DEFAULT_DEVICE = 'desktop';

/**
 * Placements and selection (docs/advertising.md#selection). The eligible campaigns are filtered
 * here from the in-process cache (status, flight, targeting, a creative); budget, pacing and both
 * frequency caps are decided and reserved in one Redis script (DeliveryStore.reserve), so every
 * replica agrees.
 */
@Injectable()
export class SelectionService {
  readonly tokens: AdTokens;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly cache: DeliveryCache,
    private readonly store: DeliveryStore,
    private readonly client: ClientContext,
  ) {
    this.tokens = new AdTokens(config.ADS_TOKEN_KEY);
  }

  async placements(filmId: number): Promise<Placement[]> {
    return placementsOf((await this.publishedFilm(filmId)).durationSeconds);
  }

  async select(request: AdRequest, caller: Caller): Promise<Selection | null> {
    const film = await this.publishedFilm(request.filmId);
    const end = Math.ceil(film.durationSeconds);
    if (end > 0 && request.position > end) {
      throw new BadRequestException(`position must be within the film (0 to ${end} seconds)`);
    }
    const userId = caller.identity?.userId ?? null;
    const facts = this.client.of(caller.ip, caller.userAgent, request.deviceType ?? '', userId);
    const declaredCountry = request.demographics?.country?.toUpperCase();
    const country = facts.country !== UNKNOWN_COUNTRY ? facts.country : (declaredCountry ?? UNKNOWN_COUNTRY);
    const deviceType = facts.deviceType || DEFAULT_DEVICE;
    const viewer = {
      genre: film.genre,
      country,
      deviceType,
      age: request.demographics?.age ?? null,
      interests: request.demographics?.interests ?? [],
    };
    const now = new Date();
    const candidates = (await this.cache.campaigns())
      .filter(
        (campaign) =>
          campaign.startsAt.getTime() <= now.getTime() &&
          campaign.endsAt.getTime() > now.getTime() &&
          campaign.creatives.length > 0 &&
          targetingMatches(campaign.targeting, viewer),
      )
      // Highest bid first; equal bids in a fixed order, which the script rotates.
      .sort((a, b) =>
        b.cpmMicros > a.cpmMicros ? 1 : b.cpmMicros < a.cpmMicros ? -1 : Number(a.id) - Number(b.id),
      );
    if (candidates.length === 0) return null;
    const sessionId = request.sessionId.toLowerCase();
    const selectionId = randomUUID();
    const index = await this.store.reserve(
      selectionId,
      candidates.map((campaign) => ({
        campaignId: campaign.id,
        budgetMicros: campaign.budgetMicros,
        priceMicros: campaign.priceMicros,
        startsAt: campaign.startsAt,
        endsAt: campaign.endsAt,
        even: campaign.delivery === 'even',
        capPerViewerDay: campaign.capPerViewerDay,
        capPerSession: campaign.capPerSession,
      })),
      { viewerKey: facts.viewerKey, sessionId, day: capDay(now) },
      this.config.ADS_RESERVATION_SECONDS * 1000,
    );
    const campaign = candidates[index];
    if (!campaign) return null;
    const creative = campaign.creatives[Math.floor(Math.random() * campaign.creatives.length)]!;
    const placementType = placementTypeAt(request.position, film.durationSeconds);
    const grant: AdGrant = {
      selectionId,
      creativeId: creative.id,
      campaignId: Number(campaign.id),
      filmId: film.id,
      sessionId,
      position: request.position,
      placementType,
      viewerKey: facts.viewerKey,
      userId,
      priceMicros: campaign.priceMicros,
      country,
      deviceType,
      issuedAt: now,
    };
    return {
      grant,
      creative,
      campaign,
      ad: {
        id: creative.id,
        campaignId: Number(campaign.id),
        title: creative.title,
        description: creative.description,
        advertiserName: campaign.advertiserName,
        videoUrl: creative.videoUrl,
        duration: creative.duration,
        clickUrl: creative.clickUrl,
        placementType,
        position: request.position,
        token: this.tokens.issue(grant),
      },
    };
  }

  private async publishedFilm(filmId: number): Promise<LiveFilm> {
    const film = await this.cache.film(filmId);
    if (!film?.published) throw new NotFoundException(`Film ${filmId} not found`);
    return film;
  }
}
