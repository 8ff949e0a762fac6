import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrorResponses, ID_PARAM, ParseIdPipe, Roles } from '@kinora/common';
import { AdvertisersService } from './advertisers.service';
import { AdvertiserDto, CreateAdvertiserDto, UpdateAdvertiserDto } from './dto/advertiser.dto';

@ApiTags('ads')
@Controller('api/ads/advertisers')
@Roles('admin')
export class AdvertisersController {
  constructor(private readonly advertisers: AdvertisersService) {}

  @Get()
  @ApiOperation({ summary: 'Every advertiser, by name (admins)' })
  @ApiOkResponse({ type: [AdvertiserDto] })
  @ApiErrorResponses(401, 403)
  list(): Promise<AdvertiserDto[]> {
    return this.advertisers.list();
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Add an advertiser (admins); names are unique, case-insensitively' })
  @ApiCreatedResponse({ type: AdvertiserDto })
  @ApiErrorResponses(400, 401, 403, 409)
  create(@Body() body: CreateAdvertiserDto): Promise<AdvertiserDto> {
    return this.advertisers.create(body);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Rename an advertiser or change its website (admins)' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: AdvertiserDto })
  @ApiErrorResponses(400, 401, 403, 404, 409)
  update(@Param('id', ParseIdPipe) id: number, @Body() body: UpdateAdvertiserDto): Promise<AdvertiserDto> {
    return this.advertisers.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete an advertiser without campaigns (admins)' })
  @ApiParam(ID_PARAM)
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiErrorResponses(400, 401, 403, 404, 409)
  async remove(@Param('id', ParseIdPipe) id: number): Promise<void> {
    await this.advertisers.remove(id);
  }
}
