import { Body, Delete, Get, Patch, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { CurrentIdentity, IdParam, Responds, type Identity } from '@kinora/common';
import { AdvertisersService } from './advertisers.service';
import { AdvertiserDto, CreateAdvertiserDto, UpdateAdvertiserDto } from './dto/advertiser.dto';
import { AdsAdminController } from '../admin-controller';

@AdsAdminController('api/ads/advertisers')
export class AdvertisersController {
  constructor(private readonly advertisers: AdvertisersService) {}

  @Get()
  @ApiOperation({ summary: 'Every advertiser, by name (admins)' })
  @Responds({ ok: [AdvertiserDto], errors: [401, 403] })
  list(): Promise<AdvertiserDto[]> {
    return this.advertisers.list();
  }

  @Post()
  @ApiOperation({ summary: 'Add an advertiser (admins); names are unique, case-insensitively' })
  @Responds({ created: AdvertiserDto, errors: [400, 401, 403, 409] })
  create(@Body() body: CreateAdvertiserDto, @CurrentIdentity() caller: Identity): Promise<AdvertiserDto> {
    return this.advertisers.create(body, caller.userId);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Rename an advertiser or change its website (admins)' })
  @Responds({ ok: AdvertiserDto, errors: [400, 401, 403, 404, 409] })
  update(
    @IdParam() id: number,
    @Body() body: UpdateAdvertiserDto,
    @CurrentIdentity() caller: Identity,
  ): Promise<AdvertiserDto> {
    return this.advertisers.update(id, body, caller.userId);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete an advertiser without campaigns (admins)' })
  @Responds({ noContent: { description: 'Deleted.' }, errors: [400, 401, 403, 404, 409] })
  async remove(@IdParam() id: number, @CurrentIdentity() caller: Identity): Promise<void> {
    await this.advertisers.remove(id, caller.userId);
  }
}
