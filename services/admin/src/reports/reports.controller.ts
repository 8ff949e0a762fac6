import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  ApiErrorResponses,
  Authenticated,
  CurrentIdentity,
  ID_PARAM,
  ParseIdPipe,
  Roles,
  type Identity,
} from '@kinora/common';
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
  @ApiCreatedResponse({ type: ReportDto })
  @ApiOkResponse({ type: ReportDto, description: 'Already reported by the caller and still open.' })
  @ApiErrorResponses(400, 401)
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
  @ApiOkResponse({ type: [ReportDto] })
  @ApiErrorResponses(400, 401, 403)
  list(@Query() query: ReportsQuery): Promise<ReportDto[]> {
    return this.reports.list(query);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Resolve or dismiss an open report, with an optional note' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: ReportDto })
  @ApiErrorResponses(400, 401, 403, 404, 409)
  close(
    @Param('id', ParseIdPipe) id: number,
    @Body() body: CloseReportDto,
    @CurrentIdentity() caller: Identity,
  ): Promise<ReportDto> {
    return this.reports.close(id, body, caller.userId);
  }
}
