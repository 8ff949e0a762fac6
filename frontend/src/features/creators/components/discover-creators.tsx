import { Clapperboard, Film as FilmIcon, Star, Users, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { FilmPoster, posterOf } from '@/components/film/film-poster';
import { PageHeader } from '@/components/layout/page-header';
import { Avatar } from '@/components/ui/avatar';
import { Carousel, CarouselItem } from '@/components/ui/carousel';
import { EmptyState, LoadErrorState } from '@/components/ui/empty-state';
import { SkeletonList } from '@/components/ui/skeleton';
import { CREATOR_FILM_SLOTS, CREATOR_FILMS_SCROLL_STEP_PX } from '@/config/constants';
import { creatorPath, filmPath } from '@/config/paths';
import { averageRating, formatCount, formatFollowers } from '@/lib/format';
import { getPersonInitials, getPersonName } from '@/lib/user';
import type { Creator, Film } from '@/lib/api/types';

import { useCreators } from '../api/get-creators';
import { creatorSocialLinks } from '../utils/social-links';
import { FollowButton } from './follow-button';
import { SocialLinkList } from './social-link-list';
import { VerifiedTick } from './verified-tick';

type Viewer = {
  /** The signed-in user's id: their own creator card has no Follow button. */
  viewerId?: string | null;
  /** Signed in; null while that is being checked. A visitor pressing Follow goes to /auth. */
  signedIn?: boolean | null;
};

/** Discover Creators: every creator with a profile box and a scroller of their films. */
export function DiscoverCreators({ viewerId = null, signedIn = false }: Viewer) {
  const creators = useCreators();

  return (
    <div className="mx-auto w-full max-w-screen-2xl px-4 pt-24 pb-20 md:px-8 md:pt-28">
      <title>Discover Creators · Kinora</title>
      <PageHeader eyebrow="Community" title="Discover Creators" className="mb-10">
        Meet the independent filmmakers behind Kinora's generative cinema, and find your next favourite voice.
      </PageHeader>

      {creators.isPending ? (
        <SkeletonList
          label="Loading creators"
          count={3}
          className="space-y-6"
          itemClassName="h-80 rounded-3xl"
        />
      ) : creators.isError ? (
        <LoadErrorState
          icon={UsersRound}
          title="Creators could not be loaded"
          onRetry={() => void creators.refetch()}
        />
      ) : creators.data.length === 0 ? (
        <EmptyState icon={UsersRound} title="No creators found" hint="New creators are joining soon." />
      ) : (
        <ul aria-label="Creators" className="space-y-6">
          {creators.data.map((creator) => (
            <li key={creator.id}>
              <CreatorPanel creator={creator} viewerId={viewerId} signedIn={signedIn} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CreatorPanel({ creator, viewerId, signedIn }: { creator: Creator } & Required<Viewer>) {
  const name = getPersonName(creator.user);
  const firstName = creator.user.firstName?.trim() || 'this creator';
  const rating = averageRating(creator.films.map((film) => film.rating));
  const links = creatorSocialLinks(creator);
  const placeholders = Math.max(0, CREATOR_FILM_SLOTS - creator.films.length);

  return (
    <article
      aria-label={name}
      data-testid="creator-panel"
      className="grid gap-6 rounded-3xl border border-white/10 bg-surface/70 p-4 shadow-xl shadow-black/30 md:p-6 lg:grid-cols-[15rem_minmax(0,1fr)]"
    >
      {/* The creator card. */}
      <div className="flex flex-row items-center gap-4 lg:flex-col lg:items-stretch lg:text-center">
        {/* The same page as the name's link: for the pointer only, not a second stop for the keyboard. */}
        <Link
          to={creatorPath(creator.id)}
          aria-hidden="true"
          tabIndex={-1}
          className="relative block shrink-0 rounded-full ring-2 ring-white/10 transition hover:ring-accent/60 lg:mx-auto"
        >
          <Avatar
            src={creator.user.profileImageUrl}
            initials={getPersonInitials(creator.user)}
            size="size-24 text-3xl lg:size-36 lg:text-5xl"
          />
        </Link>
        <div className="flex min-w-0 flex-1 flex-col gap-2 lg:items-center">
          <h2 className="flex items-center gap-1.5 text-xl font-bold text-fg">
            <Link to={creatorPath(creator.id)} className="truncate hover:text-accent">
              {name}
            </Link>
            {creator.isVerified ? <VerifiedTick className="size-5" /> : null}
          </h2>
          <p className="inline-flex items-center gap-1.5 text-sm text-fg-muted lg:justify-center">
            <Users className="size-4" aria-hidden="true" />
            {formatFollowers(creator.followerCount)}
          </p>
          {viewerId !== null && viewerId === creator.userId ? null : (
            <FollowButton
              creatorId={creator.id}
              signedIn={signedIn}
              source="card"
              className="mt-1 w-full max-w-40"
            />
          )}
        </div>
      </div>

      <div className="flex min-w-0 flex-col gap-5">
        {/* The profile box. */}
        <div className="rounded-2xl border border-white/5 bg-black/20 p-4 md:p-5">
          <p className="leading-relaxed text-pretty text-fg-muted">{creator.bio}</p>
          <dl className="mt-4 grid grid-cols-3 gap-3 text-center sm:max-w-md">
            <Stat
              term="Films"
              value={formatCount(creator._count.films)}
              icon={<FilmIcon className="size-4" />}
            />
            <Stat
              term="Followers"
              value={formatCount(creator.followerCount)}
              icon={<Users className="size-4" />}
            />
            <Stat
              term="Avg. rating"
              value={rating === null ? '—' : rating.toFixed(1)}
              icon={<Star className="size-4" />}
              testId="creator-average-rating"
            />
          </dl>
          {links.length > 0 ? (
            <SocialLinkList
              links={links}
              label={`${name} online`}
              className="mt-4 flex flex-wrap gap-2"
              linkClassName="inline-flex items-center gap-1.5 rounded-full border border-white/10 bg-white/5 px-3 py-1.5 text-xs font-medium text-fg-muted transition-colors hover:border-white/25 hover:text-fg"
              iconClassName="size-3.5"
              name={(link) => `${link.label}: ${link.text}`}
              text={(link) => link.text}
            />
          ) : null}
        </div>

        {/* The film scroller, padded with upcoming projects. */}
        <Carousel
          title={`Films by ${firstName}`}
          headingLevel="h3"
          step={CREATOR_FILMS_SCROLL_STEP_PX}
          className="[&_h3]:text-base"
        >
          {creator.films.map((film) => (
            <CarouselItem key={film.id} className="w-32 sm:w-36">
              <FilmTile film={film} />
            </CarouselItem>
          ))}
          {Array.from({ length: placeholders }, (_, index) => (
            <CarouselItem key={`upcoming-${index}`} className="w-32 sm:w-36">
              <UpcomingProject />
            </CarouselItem>
          ))}
        </Carousel>
      </div>
    </article>
  );
}

function Stat({
  term,
  value,
  icon,
  testId,
}: {
  term: string;
  value: string;
  icon: ReactNode;
  testId?: string;
}) {
  return (
    <div className="rounded-xl bg-white/[0.04] px-2 py-2.5">
      <dt className="flex items-center justify-center gap-1 text-[11px] font-semibold tracking-wide text-fg-subtle uppercase [&_svg]:size-3.5">
        <span aria-hidden="true" className="hidden sm:inline">
          {icon}
        </span>
        {term}
      </dt>
      <dd className="mt-0.5 text-lg font-bold text-fg tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function FilmTile({ film }: { film: Film }) {
  return (
    <Link to={filmPath(film.id)} className="group block rounded-xl" data-testid="creator-film">
      <FilmPoster
        {...posterOf(film)}
        sizes="(min-width: 640px) 144px, 128px"
        className="rounded-xl ring-1 ring-white/10 transition group-hover:ring-accent/60"
      />
      <span className="mt-2 block truncate text-sm font-semibold text-fg group-hover:text-accent">
        {film.title}
      </span>
      <span className="block truncate text-xs text-fg-subtle">
        {film.genre} · {film.releaseYear}
      </span>
    </Link>
  );
}

function UpcomingProject() {
  return (
    <div data-testid="upcoming-project">
      <div className="flex aspect-[2/3] flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-white/15 bg-white/[0.02] text-fg-subtle">
        <Clapperboard className="size-6" aria-hidden="true" />
        <span className="px-2 text-center text-xs font-semibold">Upcoming Project</span>
      </div>
      <span className="mt-2 block text-sm font-semibold text-fg-subtle">Coming soon</span>
      <span className="block text-xs text-transparent select-none" aria-hidden="true">
        ·
      </span>
    </div>
  );
}
