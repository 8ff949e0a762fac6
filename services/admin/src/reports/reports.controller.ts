import { Body, Controller, Get, HttpCode, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentIdentity, IdParam, Responds, Roles, type Identity } from '@kinora/common';
import type { FastifyReply } from 'fastify';
import { CloseReportDto, CreateReportDto, ReportDto, ReportsQuery } from './dto/report.dto';
import { ReportsService } from './reports.service';

/** Any signed-in member reports a film or a review. */
@ApiTags('reports')
@Controller('api/reports')
@Authenticated()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Report a film or a review (reporting the same open subject again returns that report, 200)',
  })
  @Responds({
    created: ReportDto,
    ok: { type: ReportDto, description: 'Already reported by the caller and still open.' },
    errors: [400, 401],
  })
  async report(
    @Body() body: CreateReportDto,
    @CurrentIdentity() caller: Identity,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ReportDto> {
    const { report, created } = await this.reports.report(caller.userId, body);
    if (!created) reply.status(200);
    return report;
  }
}

/** The admins' report queue. */
@ApiTags('admin')
@Controller('api/admin/reports')
@Roles('admin')
export class AdminReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get()
  @ApiOperation({ summary: 'Reports of one status (default open), oldest first' })
  @Responds({ ok: [ReportDto], errors: [400, 401, 403] })
  list(@Query() query: ReportsQuery): Promise<ReportDto[]> {
    return this.reports.list(query);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Resolve or dismiss an open report, with an optional note' })
  @Responds({ ok: ReportDto, errors: [400, 401, 403, 404, 409] })
  close(
    @IdParam() id: number,
    @Body() body: CloseReportDto,
    @CurrentIdentity() caller: Identity,
  ): Promise<ReportDto> {
    return this.reports.close(id, body, caller.userId);
  }
}
