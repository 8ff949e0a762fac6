import { Check, MousePointerClick, UserRoundPlus, UsersRound } from 'lucide-react';
import { useId, useState } from 'react';

import { FilmCard } from '@/components/film/film-card';
import { Avatar } from '@/components/ui/avatar';
import { Carousel, CarouselItem } from '@/components/ui/carousel';
import { Skeleton } from '@/components/ui/skeleton';
import { CREATOR_PLACEHOLDER_COUNT } from '@/config/constants';
import { formatFilmCount, formatFollowers } from '@/lib/format';
import { getPersonInitials, getPersonName } from '@/lib/user';
import { cn } from '@/lib/utils';
import type { Creator } from '@/lib/api/types';

import { useCreators } from '../api/get-creators';
import { VerifiedTick } from './verified-tick';

type CreatorsView = 'featured' | 'following';

/**
 * Home's Creators row (Featured or Following) and 'Films by Selected Creators': selecting
 * creator cards toggles a highlighted selection whose films are listed below.
 */
export function HomeCreators() {
  const selectedHeadingId = useId();
  const [view, setView] = useState<CreatorsView>('featured');
  const [selected, setSelected] = useState<number[]>([]);
  const creators = useCreators();

  const toggle = (id: number) =>
    setSelected((current) =>
      current.includes(id) ? current.filter((other) => other !== id) : [...current, id],
    );

  const selectedCreators = selected
    .map((id) => creators.data?.find((creator) => creator.id === id))
    .filter((creator): creator is Creator => Boolean(creator));
  const films = selectedCreators.flatMap((creator) => creator.films);

  const viewToggle = (
    <div
      role="group"
      aria-label="Which creators"
      className="inline-flex rounded-full border border-white/10 bg-white/5 p-0.5"
    >
      {(['featured', 'following'] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={view === option}
          onClick={() => setView(option)}
          className={cn(
            'rounded-full px-3 py-1 text-xs font-semibold transition-colors',
            view === option ? 'bg-fg text-background' : 'text-fg-muted hover:text-fg',
          )}
        >
          {option === 'featured' ? 'Featured' : 'Following'}
        </button>
      ))}
    </div>
  );

  return (
    <>
      <Carousel
        title="Creators"
        action={viewToggle}
        description={view === 'featured' ? 'Select creators to see their films below.' : undefined}
      >
        {view === 'following' ? (
          <div className="flex min-h-48 w-full items-center gap-4 rounded-2xl border border-dashed border-white/10 bg-white/[0.02] px-6 py-8">
            <UserRoundPlus className="size-8 shrink-0 text-accent" aria-hidden="true" />
            <div>
              <p className="font-semibold text-fg">Following creators is coming soon</p>
              <p className="mt-1 text-sm text-fg-muted">
                Soon you'll be able to follow creators and find the ones you follow right here. Until then,
                explore the featured creators.
              </p>
            </div>
          </div>
        ) : creators.isPending ? (
          Array.from({ length: CREATOR_PLACEHOLDER_COUNT }, (_, index) => (
            <CarouselItem key={index} className="w-40">
              <div
                data-testid="creator-placeholder"
                className="flex flex-col items-center gap-3 rounded-2xl border border-white/5 p-4"
              >
                <Skeleton className="size-20 rounded-full" />
                <Skeleton className="h-4 w-24 rounded-md" />
                <Skeleton className="h-3 w-16 rounded-md" />
              </div>
            </CarouselItem>
          ))
        ) : creators.isError || creators.data.length === 0 ? (
          <p className="flex min-h-48 w-full items-center justify-center gap-2 rounded-2xl border border-dashed border-white/10 text-sm text-fg-subtle">
            <UsersRound className="size-5" aria-hidden="true" />
            No creators found
          </p>
        ) : (
          creators.data.map((creator) => (
            <CarouselItem key={creator.id} className="w-40">
              <CreatorChoice
                creator={creator}
                selected={selected.includes(creator.id)}
                onToggle={() => toggle(creator.id)}
              />
            </CarouselItem>
          ))
        )}
      </Carousel>

      {films.length > 0 ? (
        <Carousel
          title="Films by Selected Creators"
          description={selectedCreators.map((creator) => getPersonName(creator.user)).join(', ')}
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
            {selectedCreators.length > 0
              ? 'The creators you selected have no published films yet.'
              : 'Select one or more creators above to see their films here.'}
          </p>
        </section>
      )}
    </>
  );
}

function CreatorChoice({
  creator,
  selected,
  onToggle,
}: {
  creator: Creator;
  selected: boolean;
  onToggle: () => void;
}) {
  const name = getPersonName(creator.user);
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onToggle}
      data-testid="creator-choice"
      className={cn(
        'relative flex w-full flex-col items-center gap-2 rounded-2xl border p-4 text-center transition',
        selected
          ? 'border-accent bg-accent/10 shadow-lg shadow-accent/10'
          : 'border-white/10 bg-white/[0.03] hover:border-white/25 hover:bg-white/[0.06]',
      )}
    >
      {selected ? (
        <span className="absolute top-2 right-2 inline-flex size-6 items-center justify-center rounded-full bg-accent text-accent-fg">
          <Check className="size-4" aria-hidden="true" />
        </span>
      ) : null}
      <Avatar
        src={creator.user.profileImageUrl}
        initials={getPersonInitials(creator.user)}
        size="size-20 text-2xl"
        className={cn('ring-2', selected ? 'ring-accent' : 'ring-white/10')}
      />
      <span className="flex max-w-full items-center gap-1 text-sm font-semibold text-fg">
        <span className="truncate">{name}</span>
        {creator.isVerified ? <VerifiedTick /> : null}
      </span>
      <span className="text-xs text-fg-subtle">
        {formatFollowers(creator.followerCount)} · {formatFilmCount(creator._count.films)}
      </span>
    </button>
  );
}
