import { Module } from '@nestjs/common';
import { CriticReviewPublishedHandler } from './critic-review-published.handler';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

@Module({
  controllers: [NotificationsController, CriticReviewPublishedHandler],
  providers: [NotificationsService, NotificationsRepository],
  exports: [NotificationsService],
})
export class NotificationsModule {}
