import { Controller, Get, Injectable } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentIdentity, Responds, type Identity } from '@kinora/common';
import { AdminExportDto } from './member-export.dto';
import { MemberExportRepository } from './member-export.repository';

const iso = (value: string | Date) => new Date(value).toISOString();

/** Admin's part of "Download my data": the reports the member filed. */
@Injectable()
export class AdminExportService {
  constructor(private readonly exports: MemberExportRepository) {}

  async export(userId: string): Promise<AdminExportDto> {
    const rows = await this.exports.reportsBy(userId);
    return {
      reports: rows.map((row) => ({
        id: Number(row.id),
        subjectType: row.subject_type,
        subjectId: Number(row.subject_id),
        reason: row.reason,
        details: row.details,
        status: row.status,
        createdAt: iso(row.created_at),
        resolvedAt: row.resolved_at === null ? null : iso(row.resolved_at),
      })),
    };
  }
}

@ApiTags('your data')
@Controller('api/user/export')
@Authenticated()
export class AdminExportController {
  constructor(private readonly exports: AdminExportService) {}

  @Get('admin')
  @ApiOperation({ summary: 'The reports the signed-in member filed, for their data archive' })
  @Responds({ ok: AdminExportDto, errors: [401] })
  export(@CurrentIdentity() caller: Identity): Promise<AdminExportDto> {
    return this.exports.export(caller.userId);
  }
}
