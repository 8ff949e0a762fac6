import { ReviewDto } from './dto/review.dto';

/** A row of REVIEW_SELECT: the review with its reviewer from known_users. */
export interface ReviewRow {
  id: number;
  film_id: number;
  user_id: string;
  rating: number;
  review: string;
  created_at: Date;
  edited_at: Date | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
}

export function mapReview(row: ReviewRow): ReviewDto {
  return {
    id: row.id,
    filmId: row.film_id,
    rating: row.rating,
    review: row.review,
    createdAt: new Date(row.created_at).toISOString(),
    editedAt: row.edited_at ? new Date(row.edited_at).toISOString() : null,
    user: {
      id: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      profileImageUrl: row.profile_image_url,
    },
  };
}
