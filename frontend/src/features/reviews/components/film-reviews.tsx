import { ReviewForm } from './review-form';
import { ReviewList, type ReviewActions, type ReviewViewer } from './review-list';

export type { ReviewActions, ReviewViewer };

type FilmReviewsProps = {
  filmId: number;
  /** The signed-in user, or null for a visitor (who sees the list but no form). */
  viewer: ReviewViewer | null;
  /** Called after a review is written or deleted, so the page can refresh the film's rating. */
  onRatingChange?: () => void;
  /** Extra controls on each review (Report): another feature's, so the page passes them in. */
  reviewActions?: ReviewActions;
};

/** The body of the film page's 'Reviews & Ratings' card: the form (signed-in only) and the list. */
export function FilmReviews({ filmId, viewer, onRatingChange, reviewActions }: FilmReviewsProps) {
  return (
    <div className="space-y-6">
      {viewer ? (
        <div className="border-b border-white/10 pb-6">
          <ReviewForm filmId={filmId} onRatingChange={onRatingChange} />
        </div>
      ) : null}
      <ReviewList
        filmId={filmId}
        viewer={viewer}
        onRatingChange={onRatingChange}
        reviewActions={reviewActions}
      />
    </div>
  );
}
