import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { CriticReviewPublishedSchema, topicOf, type CriticReviewPublished } from '@kinora/proto';
import { NotificationsService } from './notifications.service';

/**
 * A critic published a review: each member following the critic is told once. An edit of the same
 * review (same subject) or a replayed event notifies nobody again.
 */
@Controller()
export class CriticReviewPublishedHandler {
  constructor(private readonly notifications: NotificationsService) {}

  @EventPattern(topicOf(CriticReviewPublishedSchema), { ledgerKey: 'CriticReviewPublishedHandler' })
  // The notifications are written in the consumer's transaction (the repository runs on it).
  async handle(@Payload() event: CriticReviewPublished, @Ctx() _context: EventContext): Promise<void> {
    await this.notifications.notifyCriticReview({
      reviewId: Number(event.reviewId),
      criticId: Number(event.criticId),
      filmId: Number(event.filmId),
      title: event.title || null,
    });
  }
}
