import { Body, Controller, Post } from '@nestjs/common';
import { FeedbackDto, JoinWaitlistDto } from './dto/prelaunch.dto';
import { PrelaunchService } from './prelaunch.service';

/** The pre-launch waitlist and the "Help Shape" feedback form. */
@Controller('api')
export class PrelaunchController {
  constructor(private readonly prelaunch: PrelaunchService) {}

  @Post('waitlist')
  async joinWaitlist(@Body() body: JoinWaitlistDto): Promise<{ message: string }> {
    await this.prelaunch.joinWaitlist(body.email);
    return { message: "Thanks! You're on the waitlist." };
  }

  @Post('feedback')
  async feedback(@Body() body: FeedbackDto): Promise<{ message: string }> {
    await this.prelaunch.recordFeedback(body);
    return { message: 'Thank you for your feedback!' };
  }
}
