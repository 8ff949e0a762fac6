import { Module } from '@nestjs/common';
import { MailerService } from '@kinora/common';
import { CriticReviewsRepository } from '../critic-reviews/critic-reviews.repository';
import { CriticFollowsRepository } from './critic-follows.repository';
import { CriticFollowsService } from './critic-follows.service';
import { CriticsController } from './critics.controller';
import { CriticsRepository } from './critics.repository';
import { CriticsService } from './critics.service';
import { InvitationsController } from './invitations.controller';
import { InvitationsRepository } from './invitations.repository';
import { InvitationsService } from './invitations.service';

@Module({
  controllers: [InvitationsController, CriticsController],
  providers: [
    InvitationsService,
    CriticsService,
    CriticFollowsService,
    MailerService,
    CriticsRepository,
    CriticFollowsRepository,
    CriticReviewsRepository,
    InvitationsRepository,
  ],
})
export class CriticsModule {}
