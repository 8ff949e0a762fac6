import { Body, Controller, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { MessageDto, Responds } from '@kinora/common';
import { FeedbackDto, JoinWaitlistDto } from './dto/prelaunch.dto';
import { PrelaunchService } from './prelaunch.service';

/** The pre-launch waitlist and the "Help Shape" feedback form. */
@ApiTags('prelaunch')
@Controller('api')
export class PrelaunchController {
  constructor(private readonly prelaunch: PrelaunchService) {}

  @Post('waitlist')
  @ApiOperation({ summary: 'Join the pre-launch waitlist (joining twice is fine)' })
  @Responds({ created: MessageDto, errors: [400] })
  async joinWaitlist(@Body() body: JoinWaitlistDto): Promise<MessageDto> {
    await this.prelaunch.joinWaitlist(body.email);
    return { message: "Thanks! You're on the waitlist." };
  }

  @Post('feedback')
  @ApiOperation({ summary: 'Send "Help Shape" feedback' })
  @Responds({ created: MessageDto, errors: [400] })
  async feedback(@Body() body: FeedbackDto): Promise<MessageDto> {
    await this.prelaunch.recordFeedback(body);
    return { message: 'Thank you for your feedback!' };
  }
}
