import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';

import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ShowMore } from '@/components/ui/show-more';
import { Skeleton } from '@/components/ui/skeleton';
import { REVIEW_SKELETON_COUNT } from '@/config/constants';
import type { Review } from '@/lib/api/types';
import { getPersonInitials, getPersonName } from '@/lib/user';
import { formatDate } from '@/lib/format';

import { useDeleteReview } from '../api/delete-review';
import { useFilmReviews } from '../api/get-reviews';

/** Who is looking: the author of a review, or an admin, may delete it. */
export type ReviewViewer = { id: string; isAdmin: boolean };

/** Controls another feature adds to each review (e.g. Report), rendered at the end of its header. */
export type ReviewActions = (review: Review) => ReactNode;

export type ReviewListProps = {
  filmId: number;
  /** The signed-in user, or null for a visitor (who sees the list but no form). */
  viewer: ReviewViewer | null;
  /** Called after a review is written or deleted, so the page can refresh the film's rating. */
  onRatingChange?: () => void;
  /** Extra controls on each review (Report): another feature's, so the page passes them in. */
  reviewActions?: ReviewActions;
};

/** The film's member reviews, newest first, a page at a time ('Show more' when a full page came back). */
export function ReviewList({ filmId, viewer, onRatingChange, reviewActions }: ReviewListProps) {
  const reviews = useFilmReviews(filmId);
  const deleteReview = useDeleteReview(filmId, { onRatingChange });

  if (reviews.isPending) {
    return (
      <ul aria-busy="true" aria-label="Loading reviews" className="space-y-4">
        {Array.from({ length: REVIEW_SKELETON_COUNT }, (_, index) => (
          <li key={index} className="flex gap-3">
            <Skeleton className="size-10 shrink-0 rounded-full" />
            <div className="flex-1 space-y-2 py-1">
              <Skeleton className="h-4 w-1/3 rounded-md" />
              <Skeleton className="h-3 w-full rounded-md" />
              <Skeleton className="h-3 w-2/3 rounded-md" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (reviews.isError) {
    return (
      <div className="text-sm text-fg-subtle">
        <p>Reviews could not be loaded.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void reviews.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const items = reviews.data.pages.flat();
  if (items.length === 0) {
    return <p className="text-sm text-fg-muted">No reviews yet. Be the first to review this film!</p>;
  }

  const canDelete = (review: Review) => viewer !== null && (viewer.isAdmin || viewer.id === review.user.id);

  return (
    <div>
      <ul aria-label="Reviews" className="divide-y divide-white/10">
        {items.map((review) => {
          const name = getPersonName(review.user, 'User');
          return (
            <li key={review.id} className="flex gap-3 py-4 first:pt-0 last:pb-0">
              <Avatar
                src={review.user.profileImageUrl}
                initials={getPersonInitials(review.user, 'U')}
                size="size-10 text-sm"
              />
              <article aria-label={`Review by ${name}`} className="min-w-0 flex-1">
                <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-semibold text-fg">{name}</span>
                  <span className="rounded-full bg-accent/15 px-2 py-0.5 text-xs font-bold text-accent">
                    {review.rating}/10
                  </span>
                  <time dateTime={review.createdAt} className="text-xs text-fg-subtle">
                    {formatDate(review.createdAt)}
                  </time>
                  {review.editedAt ? <span className="text-xs text-fg-subtle">(edited)</span> : null}
                  <span className="ml-auto flex items-center gap-1">
                    {reviewActions?.(review)}
                    {canDelete(review) ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="h-8 px-2"
                        aria-label="Delete review"
                        disabled={deleteReview.isPending}
                        onClick={() => deleteReview.mutate(review.id)}
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                      </Button>
                    ) : null}
                  </span>
                </header>
                <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-line text-fg-muted">
                  {review.review}
                </p>
              </article>
            </li>
          );
        })}
      </ul>
      <ShowMore query={reviews} loadingText="Loading..." size="sm" className="mt-5" />
    </div>
  );
}
