import { Module } from '@nestjs/common';
import { MailerService } from '@kinora/common';
import { FilmDecisionMailHandler } from './film-decision-mail.handler';
import { ModerationController } from './moderation.controller';
import { ModerationRepository } from './moderation.repository';
import { ModerationService } from './moderation.service';

@Module({
  controllers: [ModerationController, FilmDecisionMailHandler],
  providers: [ModerationService, ModerationRepository, MailerService],
  // The film event handlers (registered beside the module) keep the queue's read model through it.
  exports: [ModerationRepository],
})
export class ModerationModule {}
