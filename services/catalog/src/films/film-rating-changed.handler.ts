import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { FilmRatingChangedSchema, topicOf, type FilmRatingChanged } from '@kinora/proto';
import { FilmsRepository } from './films.repository';

/**
 * Keeps a film's rating (mean of its reviews out of 10, one decimal) and review count from social's
 * totals. Each event carries the totals after one change and a per-film version; only a version
 * higher than the stored one is applied, so a duplicated, replayed or out-of-order event never
 * skews the mean (the latest totals always win).
 */
@Controller()
export class FilmRatingChangedHandler {
  constructor(private readonly films: FilmsRepository) {}

  @EventPattern(topicOf(FilmRatingChangedSchema), { ledgerKey: 'FilmRatingChangedHandler' })
  async handle(@Payload() event: FilmRatingChanged): Promise<void> {
    await this.films.applyRating(Number(event.filmId), {
      sum: event.ratingSum,
      count: event.reviewCount,
      version: event.version,
    });
  }
}
