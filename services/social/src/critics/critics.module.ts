import { Module } from '@nestjs/common';
import { MailerService } from '@kinora/common';
import { CriticFollowsService } from './critic-follows.service';
import { CriticsController } from './critics.controller';
import { CriticsService } from './critics.service';
import { InvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';

@Module({
  controllers: [InvitationsController, CriticsController],
  providers: [InvitationsService, CriticsService, CriticFollowsService, MailerService],
})
export class CriticsModule {}
