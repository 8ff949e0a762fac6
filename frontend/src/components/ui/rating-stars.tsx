import { Star } from 'lucide-react';

import { starsOutOfFive } from '@/lib/format';
import { cn } from '@/lib/utils';

type RatingStarsProps = {
  /** The film's rating string, out of 10 ("7.0"). */
  rating: string | number;
  className?: string;
  starClassName?: string;
};

type StarKind = 'full' | 'half' | 'empty';

/** Ratings are shown out of 5.0 with half stars (the rating out of 10, halved). */
export function RatingStars({ rating, className, starClassName = 'size-3.5' }: RatingStarsProps) {
  const stars = starsOutOfFive(rating);
  const kinds: StarKind[] = [0, 1, 2, 3, 4].map((index) =>
    stars >= index + 1 ? 'full' : stars >= index + 0.5 ? 'half' : 'empty',
  );

  return (
    <span
      role="img"
      aria-label={`Rated ${stars} out of 5`}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {kinds.map((kind, index) => (
        <span key={index} data-star={kind} className={cn('relative inline-flex', starClassName)}>
          <Star className="size-full text-white/20" aria-hidden="true" />
          {kind === 'empty' ? null : (
            <span
              className={cn(
                'absolute inset-y-0 left-0 overflow-hidden',
                kind === 'half' ? 'w-1/2' : 'w-full',
              )}
            >
              <Star className={cn('max-w-none fill-accent text-accent', starClassName)} aria-hidden="true" />
            </span>
          )}
        </span>
      ))}
    </span>
  );
}
