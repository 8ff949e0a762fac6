import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses, Roles } from '@kinora/common';
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
  @ApiOkResponse({ type: [WaitlistEntryDto] })
  @ApiErrorResponses(400, 401, 403)
  waitlist(@Query() query: PrelaunchListQuery): Promise<WaitlistEntryDto[]> {
    return this.prelaunch.waitlist(query);
  }

  @Get('feedback')
  @ApiOperation({ summary: '"Help Shape" feedback, newest first' })
  @ApiOkResponse({ type: [FeedbackEntryDto] })
  @ApiErrorResponses(400, 401, 403)
  feedback(@Query() query: PrelaunchListQuery): Promise<FeedbackEntryDto[]> {
    return this.prelaunch.feedback(query);
  }
}
