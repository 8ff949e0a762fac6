import { Module } from '@nestjs/common';
import { MailerService } from '@kinora/common';
import { FilmDecisionMailHandler } from './film-decision-mail.handler';
import { ModerationController } from './moderation.controller';
import { ModerationService } from './moderation.service';

@Module({
  controllers: [ModerationController, FilmDecisionMailHandler],
  providers: [ModerationService, MailerService],
})
export class ModerationModule {}
