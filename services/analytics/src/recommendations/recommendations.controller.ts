import { Body, Controller, Get, Header, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentIdentity, IdParam, Responds, type Identity } from '@kinora/common';
import type { FastifyRequest } from 'fastify';
import {
  HomeRecommendationsDto,
  RecommendationRowDto,
  RecommendationSettingsDto,
  RowEventDto,
} from './dto/recommendation.dto';
import { RecommendationsService } from './recommendations.service';

@ApiTags('recommendations')
@Controller('api/recommendations')
export class RecommendationsController {
  constructor(private readonly recommendations: RecommendationsService) {}

  @Get('home')
  @ApiOperation({
    summary:
      "The home page's recommended rows: a member's For you and Because you watched, else trending per genre",
  })
  @Responds({ ok: HomeRecommendationsDto, errors: [] })
  @Header('content-type', 'application/json; charset=utf-8')
  home(@CurrentIdentity() viewer: Identity | null): Promise<string> {
    return this.recommendations.homeJson(viewer?.userId ?? null);
  }

  @Get('films/:id/similar')
  @ApiOperation({ summary: 'More like this: the films members who watched this one also watched' })
  @Responds({ ok: RecommendationRowDto, errors: [400, 404] })
  similar(@IdParam() id: number): Promise<RecommendationRowDto> {
    return this.recommendations.similar(id);
  }

  @Get('settings')
  @Authenticated()
  @ApiOperation({ summary: 'Whether recommendations learn from what the member does' })
  @Responds({ ok: RecommendationSettingsDto, errors: [401] })
  async settings(@CurrentIdentity() viewer: Identity): Promise<RecommendationSettingsDto> {
    return { personalised: await this.recommendations.personalised(viewer.userId) };
  }

  @Put('settings')
  @Authenticated()
  @ApiOperation({
    summary: 'Turn personalisation on or off; off also drops what the model learned of the member',
  })
  @Responds({ ok: RecommendationSettingsDto, errors: [400, 401] })
  async update(
    @Body() body: RecommendationSettingsDto,
    @CurrentIdentity() viewer: Identity,
  ): Promise<RecommendationSettingsDto> {
    return { personalised: await this.recommendations.setPersonalised(viewer.userId, body.personalised) };
  }

  @Post('events')
  @ApiOperation({
    summary:
      'A recommendation row was shown, or a film opened from it: counted once per browsing session and row',
  })
  @Responds({ noContent: {}, errors: [400] })
  async event(
    @Body() body: RowEventDto,
    @CurrentIdentity() viewer: Identity | null,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    await this.recommendations.recordRowEvent(body, {
      userId: viewer?.userId ?? null,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    });
  }
}
