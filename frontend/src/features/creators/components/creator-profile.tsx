import {
  Award,
  BadgeCheck,
  Clapperboard,
  Film as FilmIcon,
  Mail,
  Star,
  Upload,
  UserRoundX,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { fallbackArt, POSTER_SIZES, PosterImage, posterSourceNear } from '@/components/film/film-poster';
import { FilmCard } from '@/components/film/film-card';
import { PageMeta } from '@/components/layout/page-meta';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { IconPill } from '@/components/ui/icon-pill';
import { LoadErrorScreen } from '@/components/ui/load-error-screen';
import { NotFoundScreen } from '@/components/ui/not-found-screen';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { FOLLOWERS_BADGE_THRESHOLD, PROLIFIC_FILMS_THRESHOLD } from '@/config/constants';
import { paths } from '@/config/paths';
import { formatCount, formatFilmCount, formatFollowers } from '@/lib/format';
import { getPersonInitials, getPersonName } from '@/lib/user';
import { cn } from '@/lib/utils';
import type { CreatorProfile as CreatorProfileData } from '@/lib/api/types';

import { isCreatorNotFound, useCreator } from '../api/get-creator';
import { creatorSocialLinks } from '../utils/social-links';
import { FollowButton } from './follow-button';
import { SocialLinkList } from './social-link-list';

/** The films grid's widest first row: its posters load at once. */
const FIRST_ROW = 4;

/** 'Creator Not Found', on a 404 and on an id that is not a positive integer. */
export function CreatorNotFound() {
  return (
    <NotFoundScreen
      icon={UserRoundX}
      title="Creator Not Found"
      message="The creator profile you're looking for doesn't exist."
      action={{ to: paths.discoverCreators, label: 'Discover Creators' }}
    />
  );
}

export type Achievement = { id: string; title: string; description: string };

/** Verified creators show Verified Creator, '1K+ Followers' at 1000, 'Prolific Creator' at 5 films. */
export function creatorAchievements(
  creator: Pick<CreatorProfileData, 'isVerified' | 'stats'>,
): Achievement[] {
  if (!creator.isVerified) return [];
  const achievements: Achievement[] = [
    { id: 'verified', title: 'Verified Creator', description: 'Identity and work confirmed by Kinora' },
  ];
  if (creator.stats.followers >= FOLLOWERS_BADGE_THRESHOLD) {
    achievements.push({
      id: 'followers',
      title: '1K+ Followers',
      description: 'A thousand viewers and counting',
    });
  }
  if (creator.stats.totalFilms >= PROLIFIC_FILMS_THRESHOLD) {
    achievements.push({
      id: 'prolific',
      title: 'Prolific Creator',
      description: 'Five or more films published',
    });
  }
  return achievements;
}

type CreatorProfileProps = {
  creatorId: number;
  /** The signed-in viewer's user id: their own profile reads 'Filmmaker'. */
  viewerId?: string | null;
  /** Whether the viewer is signed in (null while that is being checked): Follow is for members. */
  signedIn?: boolean | null;
};

/** The creator public profile. */
export function CreatorProfile({ creatorId, viewerId, signedIn = false }: CreatorProfileProps) {
  const creator = useCreator(creatorId);

  if (creator.isPending) return <CreatorLoading />;
  if (creator.isError) {
    if (isCreatorNotFound(creator.error)) return <CreatorNotFound />;
    return (
      <LoadErrorScreen title="This profile could not be loaded" onRetry={() => void creator.refetch()} />
    );
  }
  return (
    <CreatorProfileView
      creator={creator.data}
      isOwnProfile={Boolean(viewerId) && viewerId === creator.data.userId}
      signedIn={signedIn === true}
    />
  );
}

/**
 * The profile while it loads: the banner, avatar and name where they will be, at least a screen
 * tall so the footer stays below the fold and nothing moves when the profile arrives.
 */
function CreatorLoading() {
  return (
    <div data-testid="creator-loading" className="min-h-dvh flex-1">
      <Skeleton className="h-56 w-full rounded-none md:h-72" />
      <div className="mx-auto max-w-screen-xl px-4 md:px-8">
        <div className="relative -mt-20 flex flex-col gap-5 md:-mt-24 md:flex-row md:items-end">
          <Skeleton className="size-32 rounded-full border-4 border-background md:size-40" />
          <div className="flex min-w-0 flex-1 flex-col gap-3 pb-1">
            <Skeleton className="h-9 w-2/3 max-w-md rounded-lg md:h-12" />
            <div className="flex items-center gap-3">
              <Spinner label="Loading creator profile" />
              <p className="text-fg-muted">Loading creator profile...</p>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

/** The creator's bio for search results, or a sentence about their films when they have none. */
function creatorDescription(creator: CreatorProfileData, name: string): string {
  return (
    creator.bio.trim() ||
    `${name} is an independent filmmaker on Kinora. Watch their films and follow them for new releases.`
  );
}

function SideCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="rounded-2xl border border-white/10 bg-surface/80 p-5 shadow-xl shadow-black/20"
    >
      <h2 className="mb-4 flex items-center gap-2 text-base font-bold text-fg [&_svg]:size-4 [&_svg]:text-accent">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

function CreatorProfileView({
  creator,
  isOwnProfile,
  signedIn,
}: {
  creator: CreatorProfileData;
  isOwnProfile: boolean;
  signedIn: boolean;
}) {
  const name = getPersonName(creator.user);
  const firstName = creator.user.firstName?.trim() || 'this creator';
  const links = creatorSocialLinks(creator);
  const achievements = creatorAchievements(creator);
  const email = creator.user.email;
  const bannerFilm = creator.films.find((film) => film.posterUrl);

  return (
    <article className="flex-1">
      <PageMeta title={`${name} · Kinora`} description={creatorDescription(creator, name)} />

      {/* Banner: a poster blurred across the top, the page's largest image (fetched first). */}
      <div aria-hidden="true" className="relative h-56 overflow-hidden md:h-72" style={fallbackArt(name)}>
        {bannerFilm?.posterUrl ? (
          <PosterImage
            posterUrl={bannerFilm.posterUrl}
            sources={[posterSourceNear(bannerFilm.posterSources, 320)].filter(
              (source) => source !== undefined,
            )}
            sizes="320px"
            priority
            className="absolute inset-0 size-full scale-110 object-cover opacity-60 blur-md"
          />
        ) : null}
        <div className="absolute inset-0 bg-gradient-to-b from-black/40 via-transparent to-background" />
      </div>

      <div className="mx-auto max-w-screen-xl px-4 md:px-8">
        <header className="relative -mt-20 flex flex-col gap-5 md:-mt-24 md:flex-row md:items-end">
          <Avatar
            src={creator.user.profileImageUrl}
            initials={getPersonInitials(creator.user)}
            size="size-32 text-4xl md:size-40 md:text-5xl"
            className="border-4 border-background shadow-2xl"
          />
          <div className="min-w-0 flex-1 pb-1">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-3xl font-black tracking-tight text-fg md:text-5xl">{name}</h1>
              {creator.isVerified ? (
                <IconPill
                  icon={BadgeCheck}
                  iconClassName="size-4"
                  className="border border-accent/40 bg-accent/10 px-3 py-1 text-xs font-bold text-accent"
                >
                  Verified Creator
                </IconPill>
              ) : null}
            </div>
            <p className="mt-1 text-fg-muted">{isOwnProfile ? 'Filmmaker' : 'Independent Filmmaker'}</p>
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-fg-subtle">
              <span className="inline-flex items-center gap-1.5">
                <Users className="size-4" aria-hidden="true" />
                {formatFollowers(creator.followerCount)}
              </span>
              <span className="inline-flex items-center gap-1.5">
                <FilmIcon className="size-4" aria-hidden="true" />
                {formatFilmCount(creator.stats.totalFilms)}
              </span>
            </p>
          </div>
          {isOwnProfile ? (
            <Link to={paths.upload} className={buttonClasses({ className: 'self-start md:self-end' })}>
              <Upload className="size-4" aria-hidden="true" />
              Upload a film
            </Link>
          ) : signedIn ? (
            <FollowButton creatorId={creator.id} signedIn source="page" className="self-start md:self-end" />
          ) : null}
        </header>

        <div className="mt-10 grid gap-8 pb-20 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-10">
            {creator.bio ? (
              <section aria-label="About">
                <h2 className="mb-3 text-lg font-bold text-fg">About</h2>
                <p className="max-w-3xl text-base leading-relaxed whitespace-pre-line text-fg-muted">
                  {creator.bio}
                </p>
              </section>
            ) : null}

            <section aria-labelledby="creator-films-heading">
              <h2 id="creator-films-heading" className="mb-4 text-lg font-bold text-fg">
                Films by {firstName}
              </h2>
              {creator.films.length === 0 ? (
                <EmptyState
                  icon={Clapperboard}
                  title="No films yet"
                  hint="This creator hasn't published any films yet."
                  action={
                    isOwnProfile ? (
                      <Link to={paths.upload} className={buttonClasses({ variant: 'outline' })}>
                        Upload your first film
                      </Link>
                    ) : null
                  }
                />
              ) : (
                <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 xl:grid-cols-4">
                  {creator.films.map((film, index) => (
                    <li key={film.id} className="flex">
                      <FilmCard
                        film={film}
                        sizes={POSTER_SIZES.creatorGrid}
                        eager={index < FIRST_ROW}
                        className="w-full"
                      />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>

          <aside className="space-y-6">
            <SideCard title="Stats" icon={<Star />}>
              <dl className="grid grid-cols-2 gap-3">
                <StatTile term="Total Films" value={formatCount(creator.stats.totalFilms)} />
                <StatTile term="Followers" value={formatCount(creator.stats.followers)} />
                <StatTile term="Total Views" value={formatCount(creator.stats.totalViews)} />
                <StatTile
                  term="Average Rating"
                  value={creator.stats.averageRating > 0 ? creator.stats.averageRating.toFixed(1) : '—'}
                />
              </dl>
            </SideCard>

            <SideCard title="Connect" icon={<Mail />}>
              {links.length > 0 ? (
                <SocialLinkList
                  links={links}
                  className="mb-4 space-y-2"
                  linkClassName="flex items-center gap-3 rounded-xl px-3 py-2 text-sm text-fg-muted transition-colors hover:bg-white/5 hover:text-fg"
                  iconClassName="size-4 shrink-0"
                  text={(link) => (
                    <>
                      <span className="sr-only">{link.label}: </span>
                      <span className="truncate">{link.text}</span>
                    </>
                  )}
                />
              ) : (
                <p className="mb-4 text-sm text-fg-subtle">No links shared yet.</p>
              )}
              {email ? (
                <a
                  href={`mailto:${email}`}
                  className={buttonClasses({ variant: 'secondary', className: 'w-full' })}
                >
                  <Mail className="size-4" aria-hidden="true" />
                  Contact Creator
                </a>
              ) : (
                <Button variant="secondary" disabled className="w-full">
                  <Mail className="size-4" aria-hidden="true" />
                  Contact Creator
                </Button>
              )}
            </SideCard>

            {achievements.length > 0 ? (
              <SideCard title="Achievements" icon={<Award />}>
                <ul className="space-y-3">
                  {achievements.map((achievement) => (
                    <li key={achievement.id} className="flex items-center gap-3">
                      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-accent/15 text-accent">
                        <Award className="size-4" aria-hidden="true" />
                      </span>
                      <span>
                        <span className="block text-sm font-semibold text-fg">{achievement.title}</span>
                        <span className="block text-xs text-fg-subtle">{achievement.description}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              </SideCard>
            ) : null}
          </aside>
        </div>
      </div>
    </article>
  );
}

function StatTile({ term, value, icon }: { term: string; value: string; icon?: ReactNode }) {
  return (
    <div className={cn('rounded-xl bg-white/[0.04] p-3')}>
      <dt className="text-[11px] font-semibold tracking-wide text-fg-subtle uppercase">{term}</dt>
      <dd className="mt-1 flex items-center gap-1 text-xl font-bold text-fg tabular-nums [&_svg]:size-4 [&_svg]:text-accent">
        {icon ? <span aria-hidden="true">{icon}</span> : null}
        {value}
      </dd>
    </div>
  );
}
