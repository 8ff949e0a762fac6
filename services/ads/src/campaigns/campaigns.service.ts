import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditTrail, OutboxService } from '@kinora/common';
import { CampaignChangedSchema } from '@kinora/proto';
import { CAP_PER_SESSION_DEFAULT, CAP_PER_VIEWER_DAY_DEFAULT } from '@kinora/contracts';
import { AdvertisersRepository } from '../advertisers/advertisers.repository';
import { changedFields } from '../changed-fields';
import { DeliveryCache } from '../delivery/delivery-cache';
import { campaignChanged } from './campaign-changed';
import { mapCampaign } from './campaign.mapper';
import { NO_TARGETING, targetingOf, toMicros, type Targeting } from './campaign-rules';
import { CampaignsRepository, type CampaignRecord, type CampaignWrite } from './campaigns.repository';
import { CreativeVideos } from './creative-videos';
import { CreativesRepository } from './creatives.repository';
import { creativeColumns } from './creatives.service';
import type {
  CampaignDto,
  CreateCampaignDto,
  TargetingInputDto,
  UpdateCampaignDto,
} from './dto/campaign.dto';

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

/** The row as written: micro-dollars as integer text, the flight as ISO instants. */
function columns(values: CampaignValues): CampaignWrite {
  return {
    advertiser_id: values.advertiserId,
    name: values.name,
    budget_micros: values.budgetMicros.toString(),
    cpm_micros: values.cpmMicros.toString(),
    starts_at: values.startsAt.toISOString(),
    ends_at: values.endsAt.toISOString(),
    delivery: values.delivery,
    cap_per_viewer_day: values.capPerViewerDay,
    cap_per_session: values.capPerSession,
    targeting: values.targeting,
    status: values.status,
  };
}

/** Advertisers' campaigns (with their creatives), for admins; every campaign change announces CampaignChanged. */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxService,
    private readonly audit: AuditTrail,
    private readonly campaigns: CampaignsRepository,
    private readonly creatives: CreativesRepository,
    private readonly advertisers: AdvertisersRepository,
    private readonly videos: CreativeVideos,
    private readonly delivery: DeliveryCache,
  ) {}

  /** Every campaign, newest first. */
  async list(): Promise<CampaignDto[]> {
    return this.withCreatives(await this.campaigns.list());
  }

  async get(id: number): Promise<CampaignDto> {
    const row = await this.campaigns.find(id);
    if (!row) throw new NotFoundException(`Campaign ${id} not found`);
    return (await this.withCreatives([row]))[0]!;
  }

  async create(input: CreateCampaignDto, actorUserId: string): Promise<CampaignDto> {
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
      await this.videos.check(creative.videoUrl, `creatives.${index}.videoUrl`);
    }
    const campaign = await this.em.fork().transactional(async (em) => {
      await this.checkAdvertiser(values.advertiserId);
      const id = await this.campaigns.insert(columns(values));
      for (const creative of creatives) await this.creatives.insert(id, creativeColumns(creative));
      this.audit.record(em, {
        actorUserId,
        action: 'campaign.created',
        target: { type: 'campaign', id, label: values.name },
        details: { advertiserId: values.advertiserId, creatives: creatives.length },
      });
      return this.announce(em, id);
    });
    this.delivery.clear();
    return campaign;
  }

  /**
   * Changes the fields given; a targeting given replaces the whole targeting. The audit log lists
   * the fields whose values changed (a pause or resume is `status`); a change to nothing logs nothing.
   */
  async update(id: number, input: UpdateCampaignDto, actorUserId: string): Promise<CampaignDto> {
    const campaign = await this.em.fork().transactional(async (em) => {
      const current = await this.campaigns.lockForUpdate(id);
      if (!current) throw new NotFoundException(`Campaign ${id} not found`);
      const before: CampaignValues = {
        advertiserId: Number(current.advertiser_id),
        name: current.name,
        budgetMicros: BigInt(current.budget_micros),
        cpmMicros: BigInt(current.cpm_micros),
        startsAt: new Date(current.starts_at),
        endsAt: new Date(current.ends_at),
        delivery: current.delivery,
        capPerViewerDay: current.cap_per_viewer_day,
        capPerSession: current.cap_per_session,
        targeting: targetingOf(current.targeting),
        status: current.status,
      };
      const values: CampaignValues = {
        advertiserId: input.advertiserId ?? before.advertiserId,
        name: input.name ?? before.name,
        budgetMicros: input.budget !== undefined ? toMicros(input.budget) : before.budgetMicros,
        cpmMicros: input.cpm !== undefined ? toMicros(input.cpm) : before.cpmMicros,
        startsAt: input.startsAt !== undefined ? new Date(input.startsAt) : before.startsAt,
        endsAt: input.endsAt !== undefined ? new Date(input.endsAt) : before.endsAt,
        delivery: input.delivery ?? before.delivery,
        capPerViewerDay: input.capPerViewerDay ?? before.capPerViewerDay,
        capPerSession: input.capPerSession ?? before.capPerSession,
        targeting: input.targeting !== undefined ? targetingFrom(input.targeting) : before.targeting,
        status: input.status ?? before.status,
      };
      checkCampaign(values);
      if (input.advertiserId !== undefined) await this.checkAdvertiser(values.advertiserId);
      const moneyChanged =
        values.budgetMicros !== BigInt(current.budget_micros) ||
        values.cpmMicros !== BigInt(current.cpm_micros);
      await this.campaigns.update(id, columns(values), { moneyChanged });
      const fields = changedFields(before, values, { budgetMicros: 'budget', cpmMicros: 'cpm' });
      if (fields.length > 0) {
        this.audit.record(em, {
          actorUserId,
          action: 'campaign.changed',
          target: { type: 'campaign', id, label: values.name },
          details: { fields },
        });
      }
      return this.announce(em, id);
    });
    this.delivery.clear();
    return campaign;
  }

  async remove(id: number, actorUserId: string): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const campaign = await this.campaigns.delete(id);
      if (!campaign) throw new NotFoundException(`Campaign ${id} not found`);
      this.outbox.add(
        em,
        CampaignChangedSchema,
        campaignChanged({ ...campaign, updated_at: new Date() }, { deleted: true }),
        String(id),
      );
      this.audit.record(em, {
        actorUserId,
        action: 'campaign.deleted',
        target: { type: 'campaign', id, label: campaign.name },
      });
    });
    this.delivery.clear();
  }

  private async checkAdvertiser(advertiserId: number): Promise<void> {
    // Shared lock: the advertiser cannot be deleted before this transaction commits.
    if (!(await this.advertisers.lockShared(advertiserId)))
      throw new BadRequestException(`advertiserId must name an advertiser (${advertiserId} does not)`);
  }

  /** Reads the campaign as written and records CampaignChanged in the same transaction. */
  private async announce(em: EntityManager, id: number): Promise<CampaignDto> {
    const row = await this.campaigns.find(id);
    this.outbox.add(em, CampaignChangedSchema, campaignChanged(row!), String(id));
    return (await this.withCreatives([row!]))[0]!;
  }

  private async withCreatives(rows: CampaignRecord[]): Promise<CampaignDto[]> {
    if (rows.length === 0) return [];
    const creatives = await this.creatives.ofCampaigns(rows.map((row) => row.id));
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
