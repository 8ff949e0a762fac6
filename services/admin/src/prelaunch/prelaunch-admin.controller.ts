import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Responds, Roles } from '@kinora/common';
import { FeedbackEntryDto, PrelaunchListQuery, WaitlistEntryDto } from './dto/prelaunch.dto';
import { PrelaunchService } from './prelaunch.service';

/** What the pre-launch forms collected, for admins. */
@ApiTags('admin')
@Controller('api/admin')
@Roles('admin')
export class PrelaunchAdminController {
  constructor(private readonly prelaunch: PrelaunchService) {}

  @Get('waitlist')
  @ApiOperation({ summary: 'Waitlist addresses, newest first' })
  @Responds({ ok: [WaitlistEntryDto], errors: [400, 401, 403] })
  waitlist(@Query() query: PrelaunchListQuery): Promise<WaitlistEntryDto[]> {
    return this.prelaunch.waitlist(query);
  }

  @Get('feedback')
  @ApiOperation({ summary: '"Help Shape" feedback, newest first' })
  @Responds({ ok: [FeedbackEntryDto], errors: [400, 401, 403] })
  feedback(@Query() query: PrelaunchListQuery): Promise<FeedbackEntryDto[]> {
    return this.prelaunch.feedback(query);
  }
}
