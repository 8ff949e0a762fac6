import type { FilmSort } from '@kinora/contracts';
import { Clock, Info, Play, Sparkles, TrendingUp } from 'lucide-react';
import { useDeferredValue, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { FilmCard, FilmCardSkeleton } from '@/components/film/film-card';
import { FilmRow, QuietText, ROW_SKELETON_ITEMS } from '@/components/film/film-row';
import { PosterImage } from '@/components/film/film-poster';
import { buttonClasses } from '@/components/ui/button';
import { Carousel, CarouselItem } from '@/components/ui/carousel';
import { RatingStars } from '@/components/ui/rating-stars';
import { Skeleton } from '@/components/ui/skeleton';
import { HOME_ROW_LIMIT } from '@/config/constants';
import { useNearViewport } from '@/hooks/use-near-viewport';
import { browsePath, filmPath, paths } from '@/config/paths';
import { formatCompactCount, formatMinutes, formatRatingOutOfFive, isUnrated } from '@/lib/format';
import { getPersonName } from '@/lib/user';
import type { Film } from '@/lib/api/types';

import { FEATURED_HERO_PARAMS, featuredHeroFilm, useFilms } from '../api/get-films';
import { HERO_POSTER_SIZES } from '../api/prefetch-films';
import { useTrendingFilms } from '../api/get-trending-films';

/** New Releases' first cards, in view under the hero on most screens, load at once. */
const FIRST_ROW_EAGER = 6;

/**
 * One Trending Now slot: the rank in a fixed 72 px column overlapped 8 px by the card, so the card
 * is as wide as a home carousel card (w-52 − 72 + 8 = 144 px, then 160 and 176) whatever the rank's
 * digits, and its skeleton is the same size.
 */
function TrendingSlot({ rank, children }: { rank: ReactNode; children: ReactNode }) {
  return (
    <CarouselItem className="w-52 sm:w-56 lg:w-60">
      <div className="flex items-end" data-testid="trending-item">
        <span
          data-testid="trending-rank"
          className="-mr-2 w-[4.5rem] shrink-0 self-start text-[5rem] leading-[0.85] font-black tracking-tighter whitespace-nowrap text-transparent [-webkit-text-stroke:2px_rgb(255_255_255/0.4)] select-none"
        >
          {rank}
        </span>
        <div className="relative z-10 min-w-0 flex-1">{children}</div>
      </div>
    </CarouselItem>
  );
}

/** Trending Now while loading: its slots, each a card skeleton and the views line. */
function TrendingSkeleton() {
  return Array.from({ length: ROW_SKELETON_ITEMS }, (_, index) => (
    <TrendingSlot key={index} rank={null}>
      <FilmCardSkeleton />
      <div aria-hidden="true" className="mt-1 flex h-4 items-center">
        <Skeleton className="h-3 w-3/5 rounded-md" />
      </div>
    </TrendingSlot>
  ));
}

/** The home hero: the first featured film with a poster (GET /api/films?featured=true). */
export function FeaturedHero() {
  const featured = useFilms(FEATURED_HERO_PARAMS);
  const film = featuredHeroFilm(featured.data);

  if (featured.isPending) {
    return <Skeleton className="home-hero w-full rounded-none" />;
  }
  if (!film) return <div className="h-24" />;
  return <Hero film={film} />;
}

function Hero({ film }: { film: Film }) {
  return (
    <section aria-labelledby="home-hero-title" className="home-hero">
      <div aria-hidden="true" className="home-hero-backdrop">
        {film.posterUrl ? (
          // The page's largest image (its LCP), at the width of the screen: the gateway's page for
          // /home already holds it (gateway/home-hero.js), so it comes from the browser's cache.
          <PosterImage
            posterUrl={film.posterUrl}
            sources={film.posterSources}
            sizes={HERO_POSTER_SIZES}
            priority
            className="size-full object-cover"
          />
        ) : null}
      </div>
      <div className="mx-auto w-full max-w-screen-2xl px-4 pb-12 md:px-8 md:pb-16">
        <div className="max-w-2xl animate-fade-up">
          <p className="mb-3 inline-flex items-center gap-1.5 rounded-full bg-accent/15 px-3 py-1 text-xs font-bold tracking-[0.16em] text-accent uppercase ring-1 ring-accent/30">
            <Sparkles className="size-3.5" aria-hidden="true" />
            Featured
          </p>
          <h2
            id="home-hero-title"
            className="text-4xl font-black tracking-tight text-balance text-white drop-shadow-lg md:text-6xl"
          >
            {film.title}
          </h2>
          <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted">
            <span>{film.releaseYear}</span>
            <span aria-hidden="true">·</span>
            <span>{film.genre}</span>
            <span aria-hidden="true">·</span>
            <span className="inline-flex items-center gap-1">
              <Clock className="size-3.5" aria-hidden="true" />
              {formatMinutes(film.duration)}
            </span>
            <span aria-hidden="true">·</span>
            <span>by {getPersonName(film.creator.user)}</span>
            {isUnrated(film.rating) ? null : (
              <>
                <span aria-hidden="true">·</span>
                <span className="inline-flex items-center gap-1.5">
                  <RatingStars rating={film.rating} />
                  {formatRatingOutOfFive(film.rating)}
                </span>
              </>
            )}
          </p>
          <p className="mt-4 line-clamp-3 text-base text-pretty text-fg-muted md:text-lg">
            {film.description}
          </p>
          <div className="mt-7 flex flex-wrap gap-3">
            <Link
              to={filmPath(film.id)}
              className={buttonClasses({ size: 'lg', className: 'max-sm:h-11 max-sm:px-5' })}
            >
              <Play className="size-5 fill-current" aria-hidden="true" />
              Watch Now
            </Link>
            <Link
              to={paths.browse}
              className={buttonClasses({
                size: 'lg',
                variant: 'secondary',
                className: 'max-sm:h-11 max-sm:px-5',
              })}
            >
              <Info className="size-5" aria-hidden="true" />
              Browse Films
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

/** New Releases: the newest published films. */
export function NewReleasesRow() {
  const sort: FilmSort = 'newest';
  const films = useFilms({ sort, limit: HOME_ROW_LIMIT });
  return (
    <FilmRow
      title="New Releases"
      films={films.data}
      isPending={films.isPending}
      empty={films.isError ? 'New releases could not be loaded.' : 'No new releases yet. Check back soon.'}
      seeAll={browsePath({ sort })}
      eagerCount={FIRST_ROW_EAGER}
    />
  );
}

/** Trending Now: the most viewed films of the last 7 days, ranked #1 to #8 with their view counts. */
export function TrendingRow() {
  const trending = useTrendingFilms();
  const films = useDeferredValue(trending.data); // drawn in a background pass, as a FilmRow's

  return (
    <Carousel
      title="Trending Now"
      action={
        <span className="inline-flex items-center gap-1 text-xs font-semibold text-fg-subtle">
          <TrendingUp className="size-4 text-accent" aria-hidden="true" />
          Most watched this week
        </span>
      }
    >
      {trending.isPending || (trending.data && !films) ? (
        <TrendingSkeleton />
      ) : films && films.length > 0 ? (
        films.map((film, index) => (
          <TrendingSlot
            key={film.id}
            rank={
              <>
                <span className="align-top text-[2.5rem]">#</span>
                {index + 1}
              </>
            }
          >
            <FilmCard film={film} />
            <p className="mt-1 truncate text-xs font-medium text-accent tabular-nums">
              {formatCompactCount(film.recentViews)} {film.recentViews === 1 ? 'view' : 'views'} this week
            </p>
          </TrendingSlot>
        ))
      ) : (
        <QuietText>
          {trending.isError
            ? 'Trending films could not be loaded.'
            : 'Nothing is trending yet this week. Press play on something you like.'}
        </QuietText>
      )}
    </Carousel>
  );
}

/**
 * A genre's row (GET /api/films?genre=X&limit=12): its films are asked for, and drawn, once the
 * reader scrolls near it; hidden when the genre has no films.
 */
export function GenreRow({ genre }: { genre: string }) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const films = useFilms({ genre, limit: HOME_ROW_LIMIT }, { enabled: near });
  return (
    <div ref={ref}>
      <FilmRow
        title={genre}
        films={films.data}
        isPending={!near || films.isPending}
        empty={null}
        seeAll={browsePath({ genre })}
      />
    </div>
  );
}
