import { Clock, Eye, Play, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';

import { IconPill } from '@/components/ui/icon-pill';
import { RatingStars } from '@/components/ui/rating-stars';
import { Skeleton, SkeletonLine } from '@/components/ui/skeleton';
import { creatorPath, filmPath } from '@/config/paths';
import { formatMinutes, formatRatingOutOfFive, formatViews, isUnrated } from '@/lib/format';
import { getPersonName } from '@/lib/user';
import { cn } from '@/lib/utils';
import type { Film } from '@/lib/api/types';

import { useFilmCardLike } from './film-card-like';
import { FilmPoster, posterOf } from './film-poster';

type FilmCardProps = {
  film: Film;
  className?: string;
  /** How wide the card's poster is shown (POSTER_SIZES); a home carousel's card by default. */
  sizes?: string;
  /** Load the poster at once (first row of a page). */
  eager?: boolean;
  /** The page's largest image: the poster is fetched first. */
  priority?: boolean;
  /** Called when one of the card's links to the film is followed, before the navigation. */
  onOpen?: () => void;
};

/**
 * The browse film card: poster with a Watch Now overlay, Featured badge, duration, title,
 * genre, year, creator link, rating out of 5 with half stars, views, language, and the like control
 * the app provides ({@link useFilmCardLike}).
 */
export function FilmCard({ film, className, sizes, eager, priority, onOpen }: FilmCardProps) {
  const renderLike = useFilmCardLike();
  const creatorName = getPersonName(film.creator.user);
  const unrated = isUnrated(film.rating);

  return (
    <article
      data-testid="film-card"
      data-film-id={film.id}
      data-genre={film.genre}
      data-language={film.language}
      className={cn('group relative flex min-w-0 flex-col', className)}
    >
      <div className="relative overflow-hidden rounded-xl bg-surface-raised shadow-lg shadow-black/40 ring-1 ring-white/10 transition duration-300 group-hover:ring-white/25">
        <FilmPoster
          {...posterOf(film)}
          sizes={sizes}
          eager={eager}
          priority={priority}
          className="transition-transform duration-500 group-hover:scale-[1.04]"
        />
        <div className="pointer-events-none absolute inset-x-0 top-0 h-16 bg-gradient-to-b from-black/60 to-transparent" />
        <div className="pointer-events-none absolute top-2 left-2 flex flex-wrap gap-1.5">
          {film.isFeatured ? (
            <IconPill
              icon={Sparkles}
              iconClassName="size-3"
              className="bg-accent px-2 py-0.5 text-[11px] font-bold text-accent-fg shadow"
            >
              Featured
            </IconPill>
          ) : null}
          {film.status === 'pending' ? (
            <span className="rounded-full bg-sky-500/90 px-2 py-0.5 text-[11px] font-bold text-white shadow">
              In review
            </span>
          ) : null}
        </div>
        <span className="pointer-events-none absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-md bg-black/70 px-1.5 py-0.5 text-[11px] font-semibold text-white backdrop-blur-sm">
          <Clock className="size-3" aria-hidden="true" />
          {formatMinutes(film.duration)}
        </span>

        <Link
          to={filmPath(film.id)}
          onClick={onOpen}
          aria-label={`Watch Now: ${film.title}`}
          className={cn(
            'absolute inset-0 flex items-center justify-center bg-black/55 opacity-0 transition-opacity duration-300',
            'group-hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-offset-[-2px]',
          )}
        >
          <span className="inline-flex items-center gap-1.5 rounded-full bg-accent px-4 py-2 text-sm font-bold text-accent-fg shadow-xl shadow-black/50">
            <Play className="size-4 fill-current" aria-hidden="true" />
            Watch Now
          </span>
        </Link>

        {renderLike ? <div className="absolute top-2 right-2 z-10">{renderLike(film)}</div> : null}
      </div>

      <div className="mt-3 flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="truncate text-sm font-semibold text-fg">
          <Link to={filmPath(film.id)} onClick={onOpen} className="rounded-sm hover:text-accent">
            {film.title}
          </Link>
        </h3>
        <p className="truncate text-xs text-fg-subtle">
          <span>{film.genre}</span>
          <span aria-hidden="true"> · </span>
          <span>{film.releaseYear}</span>
          <span aria-hidden="true"> · </span>
          <span>{film.language}</span>
        </p>
        <p className="truncate text-xs text-fg-muted">
          by{' '}
          <Link to={creatorPath(film.creator.id)} className="font-medium text-fg-muted hover:text-fg">
            {creatorName}
          </Link>
        </p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-1 text-xs text-fg-subtle">
          <span className="inline-flex min-w-0 items-center gap-1.5">
            <RatingStars rating={film.rating} starClassName="size-3" />
            {unrated ? null : (
              <span className="font-semibold text-fg-muted tabular-nums">
                {formatRatingOutOfFive(film.rating)}
              </span>
            )}
          </span>
          <span className="inline-flex shrink-0 items-center gap-1 whitespace-nowrap tabular-nums">
            <Eye className="size-3.5" aria-hidden="true" />
            {formatViews(film.viewCount)}
          </span>
        </div>
      </div>
    </article>
  );
}

/**
 * The loading stand-in of a {@link FilmCard}, exactly its size: the 2:3 poster, then one box per
 * line of the card at that line's height (the title's text-sm line, 20 px; the two text-xs lines,
 * 16 px; the rating row, 4 + 16 px), with the card's gaps. Nothing moves when the cards arrive.
 */
export function FilmCardSkeleton({ className }: { className?: string }) {
  return (
    <div data-testid="film-card-skeleton" className={cn('flex min-w-0 flex-col', className)}>
      <Skeleton className="aspect-[2/3] w-full" />
      <div aria-hidden="true" className="mt-3 flex flex-col gap-1">
        <SkeletonLine text="sm" barClassName="w-4/5" />
        <SkeletonLine text="xs" barClassName="w-3/5" />
        <SkeletonLine text="xs" barClassName="w-2/5" />
        <div className="flex h-5 items-end">
          <SkeletonLine text="xs" className="w-full" barClassName="w-1/2" />
        </div>
      </div>
    </div>
  );
}
