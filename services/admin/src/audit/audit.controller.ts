import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Responds, Roles } from '@kinora/common';
import { AuditEntryDto, AuditQuery } from './dto/audit.dto';
import { AuditService } from './audit.service';

@ApiTags('admin')
@Controller('api/admin/audit')
@Roles('admin')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiOperation({ summary: 'The audit log, newest first: who did what to what, when and why (admins)' })
  @Responds({ ok: [AuditEntryDto], errors: [400, 401, 403] })
  list(@Query() query: AuditQuery): Promise<AuditEntryDto[]> {
    return this.audit.list(query);
  }
}
