import {
  REVIEW_RATING_DEFAULT,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_TEXT_MAX_LENGTH,
} from '@kinora/contracts';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/form';
import { cn } from '@/lib/utils';

import { useWriteReview } from '../api/write-review';

const RATINGS = Array.from(
  { length: REVIEW_RATING_MAX - REVIEW_RATING_MIN + 1 },
  (_, index) => REVIEW_RATING_MIN + index,
);

type ReviewFormProps = { filmId: number; onRatingChange?: () => void };

/**
 * The signed-in member's review: a rating 1–10 (default 5) and a text. Submit is disabled while the
 * text is blank or a submission is pending; the form resets after success.
 */
export function ReviewForm({ filmId, onRatingChange }: ReviewFormProps) {
  const [rating, setRating] = useState(REVIEW_RATING_DEFAULT);
  const [text, setText] = useState('');
  const writeReview = useWriteReview(filmId, { onRatingChange });
  const id = useId();
  const review = text.trim();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!review || writeReview.isPending) return;
    writeReview.mutate(
      { rating, review },
      {
        onSuccess: () => {
          setRating(REVIEW_RATING_DEFAULT);
          setText('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Write a review" className="space-y-4">
      <h3 className="text-base font-semibold text-fg">Write a Review</h3>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-fg-muted">Your rating (out of 10)</legend>
        <div className="flex flex-wrap gap-2">
          {RATINGS.map((value) => (
            <label key={value} className="cursor-pointer">
              <input
                type="radio"
                name={`${id}-rating`}
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="peer sr-only"
              />
              <span
                className={cn(
                  'inline-flex size-9 items-center justify-center rounded-full border text-sm font-semibold transition-colors',
                  'peer-focus-visible:ring-2 peer-focus-visible:ring-accent peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background',
                  rating === value
                    ? 'border-accent bg-accent text-accent-fg'
                    : 'border-white/15 text-fg-muted hover:border-white/40 hover:text-fg',
                )}
              >
                {value}
                <span className="sr-only"> out of 10</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextareaField
        label="Your review"
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={4}
        maxLength={REVIEW_TEXT_MAX_LENGTH}
        placeholder="Share your thoughts about this film..."
        inputClassName="resize-y"
      />
      <Button type="submit" disabled={!review || writeReview.isPending}>
        {writeReview.isPending ? 'Submitting...' : 'Submit Review'}
      </Button>
    </form>
  );
}
