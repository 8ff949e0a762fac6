import { Body, Delete, Get, Patch, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { CurrentIdentity, IdParam, Responds, type Identity } from '@kinora/common';
import { CampaignsService } from './campaigns.service';
import { CreativeVideoDto, CreativeVideos } from './creative-videos';
import { CreativesService } from './creatives.service';
import { CampaignDto, CreateCampaignDto, UpdateCampaignDto } from './dto/campaign.dto';
import { CreateCreativeDto, CreativeDto, UpdateCreativeDto } from './dto/creative.dto';
import { AdsAdminController } from '../admin-controller';

@AdsAdminController('api/ads/campaigns')
export class CampaignsController {
  constructor(
    private readonly campaigns: CampaignsService,
    private readonly creatives: CreativesService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Every campaign with its creatives, spend and pacing, newest first (admins)' })
  @Responds({ ok: [CampaignDto], errors: [401, 403] })
  list(): Promise<CampaignDto[]> {
    return this.campaigns.list();
  }

  @Post()
  @ApiOperation({ summary: 'Create a campaign, optionally with its creatives (admins)' })
  @Responds({ created: CampaignDto, errors: [400, 401, 403] })
  create(@Body() body: CreateCampaignDto, @CurrentIdentity() caller: Identity): Promise<CampaignDto> {
    return this.campaigns.create(body, caller.userId);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One campaign (admins)' })
  @Responds({ ok: CampaignDto, errors: [400, 401, 403, 404] })
  get(@IdParam() id: number): Promise<CampaignDto> {
    return this.campaigns.get(id);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change a campaign: the fields given; a targeting replaces the whole (admins)' })
  @Responds({ ok: CampaignDto, errors: [400, 401, 403, 404] })
  update(
    @IdParam() id: number,
    @Body() body: UpdateCampaignDto,
    @CurrentIdentity() caller: Identity,
  ): Promise<CampaignDto> {
    return this.campaigns.update(id, body, caller.userId);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a campaign and its creatives; its recorded events stay (admins)' })
  @Responds({ noContent: { description: 'Deleted.' }, errors: [400, 401, 403, 404] })
  async remove(@IdParam() id: number, @CurrentIdentity() caller: Identity): Promise<void> {
    await this.campaigns.remove(id, caller.userId);
  }

  @Post(':id/creatives')
  @ApiOperation({ summary: 'Add a creative to a campaign (admins)' })
  @Responds({ created: CreativeDto, errors: [400, 401, 403, 404, 409] })
  addCreative(
    @IdParam() id: number,
    @Body() body: CreateCreativeDto,
    @CurrentIdentity() caller: Identity,
  ): Promise<CreativeDto> {
    return this.creatives.add(id, body, caller.userId);
  }
}

@AdsAdminController('api/ads/creatives')
export class CreativesController {
  constructor(private readonly creatives: CreativesService) {}

  @Patch(':id')
  @ApiOperation({ summary: 'Change a creative: the fields given (admins)' })
  @Responds({ ok: CreativeDto, errors: [400, 401, 403, 404] })
  update(
    @IdParam() id: number,
    @Body() body: UpdateCreativeDto,
    @CurrentIdentity() caller: Identity,
  ): Promise<CreativeDto> {
    return this.creatives.update(id, body, caller.userId);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a creative (admins)' })
  @Responds({ noContent: { description: 'Deleted.' }, errors: [400, 401, 403, 404] })
  async remove(@IdParam() id: number, @CurrentIdentity() caller: Identity): Promise<void> {
    await this.creatives.remove(id, caller.userId);
  }
}

@AdsAdminController('api/ads/creative-videos')
export class CreativeVideosController {
  constructor(private readonly videos: CreativeVideos) {}

  @Get()
  @ApiOperation({
    summary: 'The videos a creative may use: the seeded HLS masters under /media/ads/ (admins)',
  })
  @Responds({ ok: [CreativeVideoDto], errors: [401, 403] })
  list(): Promise<CreativeVideoDto[]> {
    return this.videos.list();
  }
}
