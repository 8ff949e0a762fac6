import {
  CRITIC_REVIEW_TITLE_MAX_LENGTH,
  REVIEW_RATING_DEFAULT,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_TEXT_MAX_LENGTH,
} from '@kinora/contracts';
import { BadgeCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Field, SelectField, TextareaField } from '@/components/ui/form';
import { getPersonInitials, getPersonName } from '@/lib/user';

import { useFilmCriticReviews, useWriteCriticReview } from '../api/critic-reviews';

/** The ratings a critic picks from, REVIEW_RATING_MIN to REVIEW_RATING_MAX. */
const RATING_OPTIONS = Array.from({ length: REVIEW_RATING_MAX - REVIEW_RATING_MIN + 1 }, (_, index) =>
  String(REVIEW_RATING_MIN + index),
);

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * The film page's critic reviews (apart from members' reviews and their rating), and for a
 * signed-in critic (the critic role on their account) the form to write theirs.
 */
export function FilmCriticReviews({ filmId, isCritic }: { filmId: number; isCritic: boolean }) {
  const reviews = useFilmCriticReviews(filmId);

  return (
    <div className="space-y-6">
      {isCritic ? (
        <div className="border-b border-white/10 pb-6">
          <CriticReviewForm filmId={filmId} />
        </div>
      ) : null}
      {reviews.isPending ? (
        <div aria-busy="true" aria-label="Loading critic reviews" className="space-y-3">
          <Skeleton className="h-20 rounded-xl" />
          <Skeleton className="h-20 rounded-xl" />
        </div>
      ) : reviews.isError ? (
        <p className="text-sm text-fg-subtle">Critic reviews could not be loaded.</p>
      ) : reviews.data.length === 0 ? (
        <p className="text-sm text-fg-subtle">No critic reviews yet.</p>
      ) : (
        <ul aria-label="Critic reviews" className="space-y-4">
          {reviews.data.map((review) => (
            <li key={review.id} className="rounded-xl border border-white/10 bg-white/[0.03] p-4">
              <div className="flex items-center gap-3">
                <Avatar src={review.critic.profileImageUrl} initials={getPersonInitials(review.critic)} />
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-1 text-sm font-semibold text-fg">
                    {getPersonName(review.critic, 'Kinora Critic')}
                    {review.critic.isVerified ? (
                      <BadgeCheck className="size-4 text-accent" aria-label="Verified critic" role="img" />
                    ) : null}
                  </p>
                  <p className="text-xs text-fg-subtle">
                    {dateText(review.createdAt)}
                    {review.editedAt ? ' (edited)' : ''}
                  </p>
                </div>
                <span className="text-sm font-bold text-accent">{review.rating}/10</span>
              </div>
              <h3 className="mt-3 font-semibold text-fg">{review.title}</h3>
              <p className="mt-1 text-sm whitespace-pre-line text-fg-muted">{review.review}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Title, rating 1–10 (default 5) and text; disabled while blank or pending; reset after success. */
function CriticReviewForm({ filmId }: { filmId: number }) {
  const [title, setTitle] = useState('');
  const [rating, setRating] = useState(REVIEW_RATING_DEFAULT);
  const [text, setText] = useState('');
  const write = useWriteCriticReview(filmId);
  const ready = title.trim() !== '' && text.trim() !== '' && !write.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready) return;
    write.mutate(
      { title: title.trim(), rating, review: text.trim() },
      {
        onSuccess: () => {
          setTitle('');
          setRating(REVIEW_RATING_DEFAULT);
          setText('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Write a critic review" className="space-y-4">
      <h3 className="text-base font-semibold text-fg">Write a Critic Review</h3>
      <Field
        label="Review title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        maxLength={CRITIC_REVIEW_TITLE_MAX_LENGTH}
      />
      <SelectField
        label="Rating (out of 10)"
        value={rating}
        onChange={(event) => setRating(Number(event.target.value))}
        options={RATING_OPTIONS}
      />
      <TextareaField
        label="Critic review"
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={5}
        maxLength={REVIEW_TEXT_MAX_LENGTH}
      />
      <Button type="submit" disabled={!ready}>
        {write.isPending ? 'Publishing...' : 'Publish Critic Review'}
      </Button>
    </form>
  );
}
