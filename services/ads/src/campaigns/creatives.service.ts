import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { CREATIVES_PER_CAMPAIGN_MAX } from '@kinora/contracts';
import { DeliveryCache } from '../delivery/delivery-cache';
import { mapCreative } from './campaign.mapper';
import { CampaignsRepository } from './campaigns.repository';
import { CreativeVideos } from './creative-videos';
import { CreativesRepository } from './creatives.repository';
import type { CreateCreativeDto, CreativeDto, UpdateCreativeDto } from './dto/creative.dto';

/** A creative as written from the API's fields. */
export const creativeColumns = (input: CreateCreativeDto) => ({
  title: input.title,
  description: input.description,
  video_url: input.videoUrl,
  duration_seconds: input.duration,
  click_url: input.clickUrl,
});

/** The creatives of campaigns, for admins, one at a time (a campaign may also be created with them). */
@Injectable()
export class CreativesService {
  constructor(
    private readonly em: EntityManager,
    private readonly campaigns: CampaignsRepository,
    private readonly creatives: CreativesRepository,
    private readonly videos: CreativeVideos,
    private readonly delivery: DeliveryCache,
  ) {}

  async add(campaignId: number, input: CreateCreativeDto): Promise<CreativeDto> {
    await this.videos.check(input.videoUrl, 'videoUrl');
    const creative = await this.em.fork().transactional(async () => {
      const count = await this.campaigns.lockCountingCreatives(campaignId);
      if (count === undefined) throw new NotFoundException(`Campaign ${campaignId} not found`);
      if (count >= CREATIVES_PER_CAMPAIGN_MAX) {
        throw new ConflictException(`A campaign holds at most ${CREATIVES_PER_CAMPAIGN_MAX} creatives`);
      }
      return this.creatives.insert(campaignId, creativeColumns(input));
    });
    this.delivery.clear();
    return mapCreative(creative);
  }

  /** Changes the fields given. */
  async update(id: number, input: UpdateCreativeDto): Promise<CreativeDto> {
    if (input.videoUrl !== undefined) await this.videos.check(input.videoUrl, 'videoUrl');
    const row = await this.creatives.update(id, {
      ...(input.title != null ? { title: input.title } : {}),
      ...(input.description != null ? { description: input.description } : {}),
      ...(input.videoUrl != null ? { video_url: input.videoUrl } : {}),
      ...(input.duration != null ? { duration_seconds: input.duration } : {}),
      ...(input.clickUrl != null ? { click_url: input.clickUrl } : {}),
    });
    if (!row) throw new NotFoundException(`Creative ${id} not found`);
    this.delivery.clear();
    return mapCreative(row);
  }

  async remove(id: number): Promise<void> {
    if (!(await this.creatives.delete(id))) throw new NotFoundException(`Creative ${id} not found`);
    this.delivery.clear();
  }
}
