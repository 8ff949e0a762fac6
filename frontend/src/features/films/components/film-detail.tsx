import { BadgeCheck, Calendar, Clock, Eye, Film as FilmIcon, Globe, Sparkles, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

import {
  FilmPoster,
  POSTER_SIZES,
  PosterImage,
  posterOf,
  posterSourceNear,
} from '@/components/film/film-poster';
import { PageMeta } from '@/components/layout/page-meta';
import { LoadErrorScreen } from '@/components/ui/load-error-screen';
import { NotFoundScreen } from '@/components/ui/not-found-screen';
import { Avatar } from '@/components/ui/avatar';
import { buttonClasses } from '@/components/ui/button';
import { IconPill } from '@/components/ui/icon-pill';
import { RatingStars } from '@/components/ui/rating-stars';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { browsePath, creatorPath, paths } from '@/config/paths';
import {
  formatCount,
  formatDate,
  formatFollowers,
  formatMinutes,
  formatRatingOutOfFive,
  isUnrated,
} from '@/lib/format';
import { getPersonInitials, getPersonName } from '@/lib/user';
import type { Film } from '@/lib/api/types';

import { isFilmNotFound, useFilm } from '../api/get-film';
import { useRecordView } from '../api/record-view';
import { AiDisclosurePanel } from './ai-disclosure-panel';
import { Card, Detail } from './film-detail-card';
import { FilmPlayer } from './film-player';
import { PlayButtons } from './play-buttons';
import { RelatedFilms, type SimilarFilms } from './related-films';

/** 'Film Not Found', on a 404 and on an id that is not a positive integer. */
export function FilmNotFound() {
  return (
    <NotFoundScreen
      icon={FilmIcon}
      title="Film Not Found"
      message="The film you're looking for doesn't exist or has been removed."
      action={{ to: paths.browse, label: 'Browse Films' }}
    />
  );
}

/**
 * The film page while it loads: its header's shape (the poster's 2:3 frame where the poster will
 * be, the title and facts as bars), at least a screen tall so the footer stays below the fold and
 * nothing moves when the film arrives.
 */
function FilmLoading() {
  return (
    <div data-testid="film-loading" className="min-h-dvh flex-1">
      <div className="mx-auto grid max-w-screen-xl gap-8 px-4 pt-24 pb-12 md:grid-cols-[16rem_1fr] md:gap-12 md:px-8 md:pt-32 md:pb-16 lg:grid-cols-[18rem_1fr]">
        <Skeleton className="mx-auto aspect-[2/3] w-48 rounded-2xl md:w-full" />
        <div className="flex flex-col justify-end gap-5">
          <Skeleton className="h-6 w-24 rounded-full" />
          <Skeleton className="h-10 w-3/4 rounded-lg md:h-14" />
          <Skeleton className="h-5 w-1/2 rounded-md" />
          <div className="flex items-center gap-3">
            <Spinner label="Loading film details" />
            <p className="text-fg-muted">Loading film details...</p>
          </div>
          <Skeleton className="h-12 w-64 rounded-full" />
        </div>
      </div>
    </div>
  );
}

/** The film's description for search results, or a sentence made from its facts when it has none. */
function filmDescription(film: Film, creatorName: string): string {
  return (
    film.description.trim() ||
    `Watch ${film.title}, a ${film.genre.toLowerCase()} film by ${creatorName} (${film.releaseYear}), on Kinora.`
  );
}

type FilmDetailProps = {
  filmId: number;
  /** The 'Reviews & Ratings' card's content; another feature's, so the route passes it in. */
  reviews?: ReactNode;
  /** Buttons beside Play Now and in the player (My List, Like): other features', passed in. */
  actions?: FilmActions;
  /** The 'Critic Reviews' card's content, passed in the same way. */
  criticReviews?: ReactNode;
  /** Where the member stopped watching (seconds, from their Continue Watching): offers Resume. */
  resumeAt?: number | null;
  /** The player was closed: the member's progress has moved on. */
  onPlayerClose?: () => void;
  /** The 'More like this' row (the recommendations' similar films): another feature's, passed in. */
  similar: SimilarFilms;
};

/** The film's action buttons, where they show: the page's hero or the player overlay. */
export type FilmActions = (film: Film, where: 'page' | 'player') => ReactNode;

/** The film detail screen for a valid id. */
export function FilmDetail({ filmId, ...view }: FilmDetailProps) {
  const film = useFilm(filmId);

  if (film.isPending) return <FilmLoading />;
  if (film.isError) {
    return isFilmNotFound(film.error) ? (
      <FilmNotFound />
    ) : (
      <LoadErrorScreen title="This film could not be loaded" onRetry={() => void film.refetch()} />
    );
  }
  return <FilmDetailView film={film.data} {...view} />;
}

function FilmDetailView({
  film,
  reviews,
  criticReviews,
  actions,
  resumeAt,
  onPlayerClose,
  similar,
}: Omit<FilmDetailProps, 'filmId'> & { film: Film }) {
  /** Where the open player started (seconds); null while it is closed. */
  const [playerStart, setPlayerStart] = useState<number | null>(null);
  const recordView = useRecordView();
  const creatorName = getPersonName(film.creator.user);
  const unrated = isUnrated(film.rating);

  const play = (startAt: number) => {
    recordView.mutate(film.id);
    setPlayerStart(startAt);
  };
  const closePlayer = () => {
    setPlayerStart(null);
    onPlayerClose?.();
  };

  return (
    <article className="flex-1">
      <PageMeta title={`${film.title} · Kinora`} description={filmDescription(film, creatorName)} />

      <header className="relative isolate overflow-hidden">
        <div aria-hidden="true" className="absolute inset-0 -z-10">
          {film.posterUrl ? (
            // Blurred to a glow: the narrowest variant is enough. The header's largest image, so
            // it is fetched first.
            <PosterImage
              posterUrl={film.posterUrl}
              sources={[posterSourceNear(film.posterSources, 160)].filter((source) => source !== undefined)}
              sizes="160px"
              priority
              className="size-full scale-110 object-cover opacity-45 blur-2xl"
            />
          ) : null}
          <div className="absolute inset-0 bg-gradient-to-b from-background/40 via-background/70 to-background" />
          <div className="absolute inset-0 bg-gradient-to-r from-background via-background/60 to-transparent" />
        </div>

        <div className="mx-auto grid max-w-screen-xl gap-8 px-4 pt-24 pb-12 md:grid-cols-[16rem_1fr] md:gap-12 md:px-8 md:pt-32 md:pb-16 lg:grid-cols-[18rem_1fr]">
          <FilmPoster
            {...posterOf(film)}
            sizes={POSTER_SIZES.filmPage}
            alt={`${film.title} poster`}
            priority
            className="mx-auto w-48 animate-fade-up rounded-2xl shadow-2xl shadow-black/70 ring-1 ring-white/15 md:w-full"
          />

          <div className="flex animate-fade-up flex-col justify-end">
            <div className="mb-4 flex flex-wrap items-center gap-2">
              {film.isFeatured ? (
                <IconPill icon={Sparkles} className="bg-accent px-3 py-1 text-xs font-bold text-accent-fg">
                  Featured
                </IconPill>
              ) : null}
              <Link
                to={browsePath({ genre: film.genre })}
                className="rounded-full border border-white/15 bg-white/5 px-3 py-1 text-xs font-semibold text-fg-muted hover:border-white/30 hover:text-fg"
              >
                {film.genre}
              </Link>
              {film.status === 'pending' ? (
                <span className="rounded-full bg-sky-500/90 px-3 py-1 text-xs font-bold text-white">
                  In review
                </span>
              ) : null}
            </div>

            <h1 className="text-4xl font-black tracking-tight text-balance text-fg md:text-6xl">
              {film.title}
            </h1>

            <ul className="mt-5 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-fg-muted">
              <li className="inline-flex items-center gap-1.5">
                <Calendar className="size-4" aria-hidden="true" />
                {film.releaseYear}
              </li>
              <li className="inline-flex items-center gap-1.5">
                <Clock className="size-4" aria-hidden="true" />
                {formatMinutes(film.duration)}
              </li>
              <li className="inline-flex items-center gap-1.5">
                <Globe className="size-4" aria-hidden="true" />
                {film.language}
              </li>
              <li className="inline-flex items-center gap-1.5">
                <RatingStars rating={film.rating} starClassName="size-4" />
                <span className="font-semibold text-fg">
                  {unrated ? 'No ratings yet' : `${formatRatingOutOfFive(film.rating)} / 5`}
                </span>
              </li>
              <li className="inline-flex items-center gap-1.5" data-testid="film-views">
                <Eye className="size-4" aria-hidden="true" />
                {formatCount(film.viewCount)} {film.viewCount === 1 ? 'view' : 'views'}
              </li>
            </ul>

            <p className="mt-6 max-w-3xl text-base leading-relaxed text-pretty text-fg-muted md:text-lg">
              {film.description}
            </p>

            <div className="mt-8 flex flex-wrap items-center gap-4">
              <PlayButtons resumeAt={resumeAt} onPlay={play} />
              {actions?.(film, 'page')}
              <Link
                to={creatorPath(film.creator.id)}
                className="inline-flex items-center gap-3 rounded-full py-1 pr-4 pl-1 text-sm text-fg-muted transition-colors hover:bg-white/5 hover:text-fg"
              >
                <Avatar
                  src={film.creator.user.profileImageUrl}
                  initials={getPersonInitials(film.creator.user)}
                  size="size-9 text-sm"
                />
                <span>
                  <span className="block text-xs text-fg-subtle">A film by</span>
                  <span className="font-semibold text-fg">{creatorName}</span>
                </span>
              </Link>
            </div>
          </div>
        </div>
      </header>

      <div className="mx-auto grid max-w-screen-xl gap-6 px-4 pb-20 md:px-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card title="About the Creator">
            <div className="flex items-start gap-4">
              <Avatar
                src={film.creator.user.profileImageUrl}
                initials={getPersonInitials(film.creator.user)}
                size="size-16 text-lg"
              />
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-1.5 text-lg font-semibold text-fg">
                  {creatorName}
                  {film.creator.isVerified ? (
                    <BadgeCheck className="size-5 text-accent" aria-label="Verified creator" />
                  ) : null}
                </p>
                <p className="text-sm text-fg-subtle">Independent Filmmaker</p>
                <p className="mt-1 inline-flex items-center gap-1.5 text-sm text-fg-muted">
                  <Users className="size-4" aria-hidden="true" />
                  {formatFollowers(film.creator.followerCount)}
                </p>
              </div>
            </div>
            {film.creator.bio ? (
              <p className="mt-4 leading-relaxed text-fg-muted">{film.creator.bio}</p>
            ) : null}
            <Link
              to={creatorPath(film.creator.id)}
              className={buttonClasses({ variant: 'outline', size: 'sm', className: 'mt-5' })}
            >
              View creator profile
            </Link>
          </Card>

          {criticReviews ? <Card title="Critic Reviews">{criticReviews}</Card> : null}

          {reviews ? <Card title="Reviews & Ratings">{reviews}</Card> : null}

          {film.aiDisclosure ? (
            <Card title="AI Disclosure">
              <AiDisclosurePanel disclosure={film.aiDisclosure} />
            </Card>
          ) : null}

          <Card title="Film Details">
            <dl className="grid grid-cols-2 gap-x-6 gap-y-4 text-sm sm:grid-cols-3">
              <Detail term="Genre">{film.genre}</Detail>
              <Detail term="Language">{film.language}</Detail>
              <Detail term="Duration">{formatMinutes(film.duration)}</Detail>
              <Detail term="Release Year">{film.releaseYear}</Detail>
              <Detail term="Rating">
                {unrated
                  ? 'Not yet rated'
                  : `${formatRatingOutOfFive(film.rating)} / 5 (${film.rating} / 10)`}
              </Detail>
              <Detail term="Views">{formatCount(film.viewCount)}</Detail>
              <Detail term="Creator">
                <Link to={creatorPath(film.creator.id)} className="text-accent hover:underline">
                  {creatorName}
                </Link>
              </Detail>
              {film.publishedAt ? <Detail term="Published">{formatDate(film.publishedAt)}</Detail> : null}
            </dl>
          </Card>
        </div>

        <RelatedFilms film={film} similar={similar} />
      </div>

      {playerStart !== null ? (
        <FilmPlayer
          film={film}
          onClose={closePlayer}
          startPosition={playerStart}
          actions={actions?.(film, 'player')}
        />
      ) : null}
    </article>
  );
}
