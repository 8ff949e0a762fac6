import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentIdentity, IdParam, Responds, type Identity } from '@kinora/common';
import type { FastifyReply } from 'fastify';
import { CreatorAccess } from '../creators/creator-access';
import { CreatorRevenueService } from './creator-revenue.service';
import { CreatorRevenueDto } from './dto/creator-revenue.dto';

/** A creator's share of the ad revenue on their films: that creator and admins only. */
@ApiTags('analytics')
@Controller('api/analytics/creator')
@Authenticated()
export class CreatorRevenueController {
  constructor(
    private readonly access: CreatorAccess,
    private readonly revenue: CreatorRevenueService,
  ) {}

  @Get(':id/revenue')
  @ApiOperation({ summary: "A creator's ad revenue and earnings: totals, the last 12 months, per film" })
  @Responds({ ok: CreatorRevenueDto, errors: [400, 401, 403, 404] })
  async figures(@IdParam() id: number, @CurrentIdentity() viewer: Identity): Promise<CreatorRevenueDto> {
    await this.access.assertVisibleTo(id, viewer);
    return this.revenue.figures(id);
  }

  @Get(':id/revenue.csv')
  @ApiOperation({
    summary:
      "A creator's revenue statement of the last 12 months as CSV: one row per month and film, and a total",
  })
  @Responds({
    ok: {
      description:
        'An attachment: Month, Film ID, Title, Impressions, Ad revenue (USD), Revenue share, Earnings (USD).',
      content: { 'text/csv': { schema: { type: 'string' } } },
    },
    errors: [400, 401, 403, 404],
  })
  async statement(
    @IdParam() id: number,
    @CurrentIdentity() viewer: Identity,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    await this.access.assertVisibleTo(id, viewer);
    const { filename, csv } = await this.revenue.statement(id);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store');
    return csv;
  }
}
