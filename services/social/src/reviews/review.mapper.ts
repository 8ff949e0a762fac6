import { ReviewDto } from './dto/review.dto';
import type { ReviewRecord } from './reviews.repository';
import { mapProfile } from '../profile.mapper';

export function mapReview(row: ReviewRecord): ReviewDto {
  return {
    id: row.id,
    filmId: row.film_id,
    rating: row.rating,
    review: row.review,
    createdAt: new Date(row.created_at).toISOString(),
    editedAt: row.edited_at ? new Date(row.edited_at).toISOString() : null,
    user: { id: row.user_id, ...mapProfile(row) },
  };
}
