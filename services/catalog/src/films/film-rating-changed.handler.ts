import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { FilmRatingChangedSchema, topicOf, type FilmRatingChanged } from '@kinora/proto';

/**
 * Keeps a film's rating (mean of its reviews out of 10, one decimal) and review count from social's
 * totals. Each event carries the totals after one change and a per-film version; only a version
 * higher than the stored one is applied, so a duplicated, replayed or out-of-order event never
 * skews the mean (the latest totals always win).
 */
@Controller()
export class FilmRatingChangedHandler {
  @EventPattern(topicOf(FilmRatingChangedSchema), { ledgerKey: 'FilmRatingChangedHandler' })
  async handle(@Payload() event: FilmRatingChanged, @Ctx() context: EventContext): Promise<void> {
    const count = event.reviewCount;
    await context.em.execute(
      `update films set rating = case when ?::int > 0 then round(?::numeric / ?::int, 1) else 0 end,
              rating_count = ?, rating_version = ?
        where id = ? and rating_version < ?`,
      [
        count,
        event.ratingSum.toString(),
        Math.max(count, 1),
        count,
        event.version.toString(),
        Number(event.filmId),
        event.version.toString(),
      ],
    );
  }
}
