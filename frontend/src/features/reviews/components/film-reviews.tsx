import { ReviewForm } from './review-form';
import { ReviewList, type ReviewActions, type ReviewListProps, type ReviewViewer } from './review-list';

export type { ReviewActions, ReviewViewer };

/** The body of the film page's 'Reviews & Ratings' card: the form (signed-in only) and the list. */
export function FilmReviews({ filmId, viewer, onRatingChange, reviewActions }: ReviewListProps) {
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
