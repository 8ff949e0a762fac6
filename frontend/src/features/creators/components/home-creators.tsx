import { MousePointerClick, UsersRound } from 'lucide-react';
import { useId, useState } from 'react';

import { FeaturedFollowingToggle, type FeaturedOrFollowing } from '@/components/ui/featured-following-toggle';

import { FilmCard } from '@/components/film/film-card';
import { PersonChoice, PersonChoiceSkeleton, type ChoiceProps } from '@/components/ui/person-choice';
import { Carousel, CarouselItem } from '@/components/ui/carousel';
import { CREATOR_PLACEHOLDER_COUNT } from '@/config/constants';
import { formatFilmCount, formatFollowers } from '@/lib/format';
import { getPersonName } from '@/lib/user';
import type { Creator } from '@/lib/api/types';

import { useFilmsOfCreators } from '../api/get-creator-films';
import { useCreators } from '../api/get-creators';
import { useFollowedCreators } from '../api/get-followed-creators';
import { VerifiedTick } from './verified-tick';

/**
 * Home's Creators row (Featured, or Following: the creators the member follows) and 'Films by
 * Selected Creators': selecting creator cards toggles a highlighted selection whose films are listed below.
 */
export function HomeCreators({ signedIn = false }: { signedIn?: boolean | null }) {
  const selectedHeadingId = useId();
  const [view, setView] = useState<FeaturedOrFollowing>('featured');
  const [selected, setSelected] = useState<Creator[]>([]);
  const featured = useCreators();
  const followed = useFollowedCreators({ enabled: signedIn === true && view === 'following' });
  const shown =
    view === 'featured'
      ? { isPending: featured.isPending, creators: featured.data ?? [] }
      : signedIn === true
        ? followed
        : { isPending: signedIn === null, creators: [] };

  const toggle = (creator: Creator) =>
    setSelected((current) =>
      current.some((other) => other.id === creator.id)
        ? current.filter((other) => other.id !== creator.id)
        : [...current, creator],
    );

  const selectedFilms = useFilmsOfCreators(selected.map((creator) => creator.id));
  const films = selectedFilms.films;

  const viewToggle = <FeaturedFollowingToggle label="Which creators" value={view} onChange={setView} />;

  return (
    <>
      <Carousel title="Creators" action={viewToggle} description="Select creators to see their films below.">
        {shown.isPending ? (
          Array.from({ length: CREATOR_PLACEHOLDER_COUNT }, (_, index) => (
            <CarouselItem key={index} className="w-40">
              <PersonChoiceSkeleton testId="creator-placeholder" />
            </CarouselItem>
          ))
        ) : shown.creators.length === 0 ? (
          <p className="flex min-h-48 w-full items-center justify-center gap-2 rounded-2xl border border-dashed border-white/10 text-sm text-fg-subtle">
            <UsersRound className="size-5" aria-hidden="true" />
            No creators found
          </p>
        ) : (
          shown.creators.map((creator) => (
            <CarouselItem key={creator.id} className="w-40">
              <CreatorChoice
                creator={creator}
                selected={selected.some((other) => other.id === creator.id)}
                onToggle={() => toggle(creator)}
              />
            </CarouselItem>
          ))
        )}
      </Carousel>

      {films.length > 0 ? (
        <Carousel
          title="Films by Selected Creators"
          description={selected.map((creator) => getPersonName(creator.user)).join(', ')}
        >
          {films.map((film) => (
            <CarouselItem key={film.id}>
              <FilmCard film={film} />
            </CarouselItem>
          ))}
        </Carousel>
      ) : (
        <section aria-labelledby={selectedHeadingId}>
          <h2 id={selectedHeadingId} className="mb-3 text-lg font-bold tracking-tight text-fg md:text-xl">
            Films by Selected Creators
          </h2>
          <p className="flex items-center gap-2 rounded-2xl border border-dashed border-white/10 px-5 py-6 text-sm text-fg-subtle">
            <MousePointerClick className="size-5 shrink-0" aria-hidden="true" />
            {selected.length > 0
              ? selectedFilms.isPending
                ? 'Loading their films...'
                : 'The creators you selected have no published films yet.'
              : 'Select one or more creators above to see their films here.'}
          </p>
        </section>
      )}
    </>
  );
}

function CreatorChoice({ creator, selected, onToggle }: { creator: Creator } & ChoiceProps) {
  return (
    <PersonChoice
      person={creator.user}
      selected={selected}
      onToggle={onToggle}
      badge={creator.isVerified ? <VerifiedTick /> : null}
      detail={`${formatFollowers(creator.followerCount)} · ${formatFilmCount(creator._count.films)}`}
      testId="creator-choice"
    />
  );
}
