import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditTrail } from '@kinora/common';
import { CREATIVES_PER_CAMPAIGN_MAX } from '@kinora/contracts';
import { changedFields } from '../changed-fields';
import { DeliveryCache } from '../delivery/delivery-cache';
import { mapCreative } from './campaign.mapper';
import { CampaignsRepository } from './campaigns.repository';
import { CreativeVideos } from './creative-videos';
import { CreativesRepository, type CreativeRecord } from './creatives.repository';
import type { CreateCreativeDto, CreativeDto, UpdateCreativeDto } from './dto/creative.dto';

/** A creative as written from the API's fields. */
export const creativeColumns = (input: CreateCreativeDto) => ({
  title: input.title,
  description: input.description,
  video_url: input.videoUrl,
  duration_seconds: input.duration,
  click_url: input.clickUrl,
});

const notFound = (id: number) => new NotFoundException(`Creative ${id} not found`);
const target = (creative: CreativeRecord) => ({ type: 'creative', id: creative.id, label: creative.title });

/**
 * The creatives of campaigns, for admins, one at a time (a campaign may also be created with them);
 * every change is on the audit log, in the change's own transaction.
 */
@Injectable()
export class CreativesService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditTrail,
    private readonly campaigns: CampaignsRepository,
    private readonly creatives: CreativesRepository,
    private readonly videos: CreativeVideos,
    private readonly delivery: DeliveryCache,
  ) {}

  async add(campaignId: number, input: CreateCreativeDto, actorUserId: string): Promise<CreativeDto> {
    await this.videos.check(input.videoUrl, 'videoUrl');
    const creative = await this.em.fork().transactional(async (em) => {
      const count = await this.campaigns.lockCountingCreatives(campaignId);
      if (count === undefined) throw new NotFoundException(`Campaign ${campaignId} not found`);
      if (count >= CREATIVES_PER_CAMPAIGN_MAX) {
        throw new ConflictException(`A campaign holds at most ${CREATIVES_PER_CAMPAIGN_MAX} creatives`);
      }
      const row = await this.creatives.insert(campaignId, creativeColumns(input));
      this.audit.record(em, {
        actorUserId,
        action: 'creative.added',
        target: target(row),
        details: { campaignId },
      });
      return row;
    });
    this.delivery.clear();
    return mapCreative(creative);
  }

  /** Changes the fields given; the audit log lists those whose values changed. */
  async update(id: number, input: UpdateCreativeDto, actorUserId: string): Promise<CreativeDto> {
    if (input.videoUrl !== undefined) await this.videos.check(input.videoUrl, 'videoUrl');
    const creative = await this.em.fork().transactional(async (em) => {
      const before = await this.creatives.lockForUpdate(id);
      if (!before) throw notFound(id);
      const row = (await this.creatives.update(id, {
        ...(input.title != null ? { title: input.title } : {}),
        ...(input.description != null ? { description: input.description } : {}),
        ...(input.videoUrl != null ? { video_url: input.videoUrl } : {}),
        ...(input.duration != null ? { duration_seconds: input.duration } : {}),
        ...(input.clickUrl != null ? { click_url: input.clickUrl } : {}),
      }))!;
      const fields = changedFields(mapCreative(before), mapCreative(row));
      if (fields.length > 0) {
        this.audit.record(em, {
          actorUserId,
          action: 'creative.changed',
          target: target(row),
          details: { campaignId: Number(row.campaign_id), fields },
        });
      }
      return row;
    });
    this.delivery.clear();
    return mapCreative(creative);
  }

  async remove(id: number, actorUserId: string): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const row = await this.creatives.lockForUpdate(id);
      if (!row || !(await this.creatives.delete(id))) throw notFound(id);
      this.audit.record(em, {
        actorUserId,
        action: 'creative.deleted',
        target: target(row),
        details: { campaignId: Number(row.campaign_id) },
      });
    });
    this.delivery.clear();
  }
}
