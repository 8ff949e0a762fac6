import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { OutboxService } from '@kinora/common';
import { CampaignChangedSchema } from '@kinora/proto';
import { DeliveryCache } from '../delivery/delivery-cache';
import { campaignChanged } from './campaign-changed';
import { mapCampaign, mapCreative, type CampaignRow, type CreativeRow } from './campaign.mapper';
import {
  CAP_PER_SESSION_DEFAULT,
  CAP_PER_VIEWER_DAY_DEFAULT,
  CREATIVES_PER_CAMPAIGN_MAX,
} from '@kinora/contracts';
import { NO_TARGETING, targetingOf, toMicros, type Targeting } from './campaign-rules';
import { CreativeVideos } from './creative-videos';
import type {
  CampaignDto,
  CreateCampaignDto,
  TargetingInputDto,
  UpdateCampaignDto,
} from './dto/campaign.dto';
import type { CreateCreativeDto, CreativeDto, UpdateCreativeDto } from './dto/creative.dto';

/** A campaign with its advertiser's name and what the ledger holds for it. */
const CAMPAIGN_SELECT = `
  select c.*, a.name as advertiser_name,
         coalesce(s.spent_micros, 0) as spent_micros, coalesce(s.impressions, 0) as impressions,
         coalesce(s.clicks, 0) as clicks
    from campaigns c
    join advertisers a on a.id = c.advertiser_id
    left join lateral (
      select sum(e.charge_micros) filter (where e.kind = 'start') as spent_micros,
             count(*) filter (where e.kind = 'start') as impressions,
             count(*) filter (where e.kind = 'click') as clicks
        from ad_events e where e.campaign_id = c.id
    ) s on true`;

const CREATIVE_COLUMNS = 'id, campaign_id, title, description, video_url, duration_seconds, click_url';

/** The fields of a campaign as written, after defaults and a PATCH's merge. */
interface CampaignValues {
  advertiserId: number;
  name: string;
  budgetMicros: bigint;
  cpmMicros: bigint;
  startsAt: Date;
  endsAt: Date;
  delivery: string;
  capPerViewerDay: number;
  capPerSession: number;
  targeting: Targeting;
  status: string;
}

function targetingFrom(input: TargetingInputDto | undefined): Targeting {
  if (!input) return NO_TARGETING;
  return {
    genres: input.genres ?? [],
    countries: input.countries ?? [],
    ageMin: input.ageMin ?? null,
    ageMax: input.ageMax ?? null,
    interests: input.interests ?? [],
    deviceTypes: input.deviceTypes ?? [],
  };
}

/** The rules across fields (docs/advertising.md): end after start, age range in order. */
function checkCampaign(values: CampaignValues): void {
  if (values.endsAt.getTime() <= values.startsAt.getTime()) {
    throw new BadRequestException('endsAt must be after startsAt');
  }
  const { ageMin, ageMax } = values.targeting;
  if (ageMin !== null && ageMax !== null && ageMin > ageMax) {
    throw new BadRequestException('targeting.ageMin must not be above targeting.ageMax');
  }
}

/** Advertisers' campaigns and their creatives, for admins; every campaign change announces CampaignChanged. */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly videos: CreativeVideos,
    private readonly delivery: DeliveryCache,
  ) {}

  /** Every campaign, newest first. */
  async list(): Promise<CampaignDto[]> {
    const em = this.em.fork();
    const rows = await em.execute<CampaignRow[]>(`${CAMPAIGN_SELECT} order by c.created_at desc, c.id desc`);
    return this.withCreatives(em, rows);
  }

  async get(id: number): Promise<CampaignDto> {
    return this.read(this.em.fork(), id);
  }

  async create(input: CreateCampaignDto): Promise<CampaignDto> {
    const values: CampaignValues = {
      advertiserId: input.advertiserId,
      name: input.name,
      budgetMicros: toMicros(input.budget),
      cpmMicros: toMicros(input.cpm),
      startsAt: new Date(input.startsAt),
      endsAt: new Date(input.endsAt),
      delivery: input.delivery,
      capPerViewerDay: input.capPerViewerDay ?? CAP_PER_VIEWER_DAY_DEFAULT,
      capPerSession: input.capPerSession ?? CAP_PER_SESSION_DEFAULT,
      targeting: targetingFrom(input.targeting),
      status: input.status ?? 'draft',
    };
    checkCampaign(values);
    const creatives = input.creatives ?? [];
    for (const [index, creative] of creatives.entries()) {
      await this.checkVideo(creative.videoUrl, `creatives.${index}.videoUrl`);
    }
    const campaign = await this.em.fork().transactional(async (em) => {
      await this.checkAdvertiser(em, values.advertiserId);
      const [row] = await em.execute<{ id: string }[]>(
        `insert into campaigns (advertiser_id, name, budget_micros, cpm_micros, starts_at, ends_at, delivery,
                                cap_per_viewer_day, cap_per_session, targeting, status)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?) returning id`,
        [...this.columns(values)],
      );
      const id = Number(row!.id);
      for (const creative of creatives) await this.insertCreative(em, id, creative);
      return this.announce(em, id);
    });
    this.delivery.clear();
    return campaign;
  }

  /** Changes the fields given; a targeting given replaces the whole targeting. */
  async update(id: number, input: UpdateCampaignDto): Promise<CampaignDto> {
    const campaign = await this.em.fork().transactional(async (em) => {
      const [current] = await em.execute<CampaignRow[]>('select * from campaigns where id = ? for update', [
        id,
      ]);
      if (!current) throw new NotFoundException(`Campaign ${id} not found`);
      const values: CampaignValues = {
        advertiserId: input.advertiserId ?? Number(current.advertiser_id),
        name: input.name ?? current.name,
        budgetMicros: input.budget !== undefined ? toMicros(input.budget) : BigInt(current.budget_micros),
        cpmMicros: input.cpm !== undefined ? toMicros(input.cpm) : BigInt(current.cpm_micros),
        startsAt: input.startsAt !== undefined ? new Date(input.startsAt) : new Date(current.starts_at),
        endsAt: input.endsAt !== undefined ? new Date(input.endsAt) : new Date(current.ends_at),
        delivery: input.delivery ?? current.delivery,
        capPerViewerDay: input.capPerViewerDay ?? current.cap_per_viewer_day,
        capPerSession: input.capPerSession ?? current.cap_per_session,
        targeting:
          input.targeting !== undefined ? targetingFrom(input.targeting) : targetingOf(current.targeting),
        status: input.status ?? current.status,
      };
      checkCampaign(values);
      if (input.advertiserId !== undefined) await this.checkAdvertiser(em, values.advertiserId);
      const moneyChanged =
        values.budgetMicros !== BigInt(current.budget_micros) ||
        values.cpmMicros !== BigInt(current.cpm_micros);
      // A budget or bid change may make room again (budget_exhausted is logged anew); an end moved
      // into the future reopens the flight (flight_ended is announced again when it passes).
      await em.execute(
        `update campaigns set advertiser_id = ?, name = ?, budget_micros = ?, cpm_micros = ?, starts_at = ?,
                ends_at = ?, delivery = ?, cap_per_viewer_day = ?, cap_per_session = ?, targeting = ?::jsonb,
                status = ?, updated_at = now(),
                budget_exhausted_at = case when ? then null else budget_exhausted_at end
          where id = ?`,
        [...this.columns(values), moneyChanged, id],
      );
      await em.execute(
        `update campaigns set flight_ended_at = null where id = ? and ends_at > now() and flight_ended_at is not null`,
        [id],
      );
      return this.announce(em, id);
    });
    this.delivery.clear();
    return campaign;
  }

  async remove(id: number): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const [campaign] = await em.execute<CampaignRow[]>(
        `delete from campaigns c using advertisers a
          where c.id = ? and a.id = c.advertiser_id
          returning c.*, a.name as advertiser_name`,
        [id],
      );
      if (!campaign) throw new NotFoundException(`Campaign ${id} not found`);
      this.outbox.add(
        em,
        CampaignChangedSchema,
        campaignChanged({ ...campaign, updated_at: new Date() }, { deleted: true }),
        String(id),
      );
    });
    this.delivery.clear();
  }

  async addCreative(campaignId: number, input: CreateCreativeDto): Promise<CreativeDto> {
    await this.checkVideo(input.videoUrl, 'videoUrl');
    const creative = await this.em.fork().transactional(async (em) => {
      const [campaign] = await em.execute<{ creatives: string }[]>(
        `select (select count(*) from creatives r where r.campaign_id = c.id) as creatives
           from campaigns c where c.id = ? for update`,
        [campaignId],
      );
      if (!campaign) throw new NotFoundException(`Campaign ${campaignId} not found`);
      if (Number(campaign.creatives) >= CREATIVES_PER_CAMPAIGN_MAX) {
        throw new ConflictException(`A campaign holds at most ${CREATIVES_PER_CAMPAIGN_MAX} creatives`);
      }
      return this.insertCreative(em, campaignId, input);
    });
    this.delivery.clear();
    return mapCreative(creative);
  }

  async updateCreative(id: number, input: UpdateCreativeDto): Promise<CreativeDto> {
    if (input.videoUrl !== undefined) await this.checkVideo(input.videoUrl, 'videoUrl');
    const [row] = await this.em.fork().execute<CreativeRow[]>(
      `update creatives set title = coalesce(?, title), description = coalesce(?, description),
              video_url = coalesce(?, video_url), duration_seconds = coalesce(?, duration_seconds),
              click_url = coalesce(?, click_url), updated_at = now()
        where id = ? returning ${CREATIVE_COLUMNS}`,
      [
        input.title ?? null,
        input.description ?? null,
        input.videoUrl ?? null,
        input.duration ?? null,
        input.clickUrl ?? null,
        id,
      ],
    );
    if (!row) throw new NotFoundException(`Creative ${id} not found`);
    this.delivery.clear();
    return mapCreative(row);
  }

  async removeCreative(id: number): Promise<void> {
    const deleted = await this.em
      .fork()
      .execute<unknown[]>('delete from creatives where id = ? returning 1', [id]);
    if (deleted.length === 0) throw new NotFoundException(`Creative ${id} not found`);
    this.delivery.clear();
  }

  private columns(values: CampaignValues): unknown[] {
    return [
      values.advertiserId,
      values.name,
      values.budgetMicros.toString(),
      values.cpmMicros.toString(),
      values.startsAt,
      values.endsAt,
      values.delivery,
      values.capPerViewerDay,
      values.capPerSession,
      JSON.stringify(values.targeting),
      values.status,
    ];
  }

  private async checkAdvertiser(em: EntityManager, advertiserId: number): Promise<void> {
    // Shared lock: the advertiser cannot be deleted before this transaction commits.
    const [advertiser] = await em.execute<unknown[]>('select 1 from advertisers where id = ? for share', [
      advertiserId,
    ]);
    if (!advertiser)
      throw new BadRequestException(`advertiserId must name an advertiser (${advertiserId} does not)`);
  }

  private async checkVideo(videoUrl: string, field: string): Promise<void> {
    if (!(await this.videos.byUrl(videoUrl))) {
      throw new BadRequestException(
        `${field} must be one of the creative videos (GET /api/ads/creative-videos)`,
      );
    }
  }

  private async insertCreative(
    em: EntityManager,
    campaignId: number,
    input: CreateCreativeDto,
  ): Promise<CreativeRow> {
    const [row] = await em.execute<CreativeRow[]>(
      `insert into creatives (campaign_id, title, description, video_url, duration_seconds, click_url)
       values (?, ?, ?, ?, ?, ?) returning ${CREATIVE_COLUMNS}`,
      [campaignId, input.title, input.description, input.videoUrl, input.duration, input.clickUrl],
    );
    return row!;
  }

  /** Reads the campaign as written and records CampaignChanged in the same transaction. */
  private async announce(em: EntityManager, id: number): Promise<CampaignDto> {
    const [row] = await em.execute<CampaignRow[]>(`${CAMPAIGN_SELECT} where c.id = ?`, [id]);
    this.outbox.add(em, CampaignChangedSchema, campaignChanged(row!), String(id));
    return (await this.withCreatives(em, [row!]))[0]!;
  }

  private async read(em: EntityManager, id: number): Promise<CampaignDto> {
    const [row] = await em.execute<CampaignRow[]>(`${CAMPAIGN_SELECT} where c.id = ?`, [id]);
    if (!row) throw new NotFoundException(`Campaign ${id} not found`);
    return (await this.withCreatives(em, [row]))[0]!;
  }

  private async withCreatives(em: EntityManager, rows: CampaignRow[]): Promise<CampaignDto[]> {
    if (rows.length === 0) return [];
    const creatives = await em.execute<CreativeRow[]>(
      `select ${CREATIVE_COLUMNS} from creatives where campaign_id in (?) order by id`,
      [rows.map((row) => row.id)],
    );
    const now = new Date();
    return rows.map((row) =>
      mapCampaign(
        row,
        creatives.filter((creative) => String(creative.campaign_id) === String(row.id)),
        now,
      ),
    );
  }
}
