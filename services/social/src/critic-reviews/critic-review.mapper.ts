import { mapFilmSummary } from '../films/film-summary.mapper';
import type { CriticReviewRecord } from './critic-reviews.repository';
import type { CriticReviewDto } from './dto/critic-review.dto';
import { mapProfile } from '../profile.mapper';
import { mapWrittenAt } from '../reviews/review.mapper';

export function mapCriticReview(row: CriticReviewRecord): CriticReviewDto {
  return {
    id: row.id,
    filmId: row.film_id,
    title: row.title,
    rating: row.rating,
    review: row.review,
    ...mapWrittenAt(row),
    critic: { id: row.critic_id, ...mapProfile(row), isVerified: row.is_verified },
    film: mapFilmSummary(row),
  };
}
