import { ReviewDto } from './dto/review.dto';
import type { ReviewRecord } from './reviews.repository';
import { mapProfile } from '../profile.mapper';

export function mapReview(row: ReviewRecord): ReviewDto {
  return {
    id: row.id,
    filmId: row.film_id,
    rating: row.rating,
    review: row.review,
    ...mapWrittenAt(row),
    user: { id: row.user_id, ...mapProfile(row) },
  };
}

/** When a review (a member's or a critic's) was written, and last replaced if ever. */
export function mapWrittenAt(row: { created_at: string; edited_at: string | null }): {
  createdAt: string;
  editedAt: string | null;
} {
  return {
    createdAt: new Date(row.created_at).toISOString(),
    editedAt: row.edited_at ? new Date(row.edited_at).toISOString() : null,
  };
}
