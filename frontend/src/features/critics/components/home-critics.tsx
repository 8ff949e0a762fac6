import { BadgeCheck, Film, MousePointerClick, PenLine } from 'lucide-react';
import { useId, useState } from 'react';

import { FeaturedFollowingToggle, type FeaturedOrFollowing } from '@/components/ui/featured-following-toggle';
import { Link } from 'react-router-dom';

import { PersonChoice, PersonChoiceSkeleton, type ChoiceProps } from '@/components/ui/person-choice';
import { Carousel, CarouselItem } from '@/components/ui/carousel';
import { CREATOR_PLACEHOLDER_COUNT } from '@/config/constants';
import { filmPath } from '@/config/paths';
import { formatFollowers } from '@/lib/format';
import { getPersonName } from '@/lib/user';
import { PosterImage } from '@/components/film/film-poster';
import type { Critic } from '@/lib/api/types';

import { useFollowedCritics } from '../api/critic-follows';
import { useCritics, useCriticRecommendations } from '../api/get-critics';

/**
 * Home's Critics row (Featured or Following) and, once a critic is selected, 'Critic
 * Recommendations': the films that critic rated highest. Selecting the same critic again clears it.
 */
export function HomeCritics() {
  const [view, setView] = useState<FeaturedOrFollowing>('featured');
  const [selected, setSelected] = useState<number | null>(null);
  const critics = useCritics();
  const followed = useFollowedCritics(view === 'following');
  const signedIn = followed.data !== null;

  const shown =
    view === 'featured'
      ? critics.data
      : critics.data?.filter((critic) => (followed.data ?? []).includes(critic.id));
  const pending = critics.isPending || (view === 'following' && followed.isPending);
  const selectedCritic = critics.data?.find((critic) => critic.id === selected) ?? null;

  const viewToggle = <FeaturedFollowingToggle label="Which critics" value={view} onChange={setView} />;

  return (
    <>
      <Carousel
        title="Critics"
        action={viewToggle}
        description="Select a critic to see the films they rate highest."
      >
        {pending ? (
          Array.from({ length: CREATOR_PLACEHOLDER_COUNT }, (_, index) => (
            <CarouselItem key={index} className="w-40">
              <PersonChoiceSkeleton testId="critic-placeholder" />
            </CarouselItem>
          ))
        ) : !shown || shown.length === 0 ? (
          <p className="flex min-h-48 w-full items-center justify-center gap-2 rounded-2xl border border-dashed border-white/10 px-6 text-center text-sm text-fg-subtle">
            <PenLine className="size-5 shrink-0" aria-hidden="true" />
            {view === 'following'
              ? signedIn
                ? "You don't follow any critics yet."
                : 'Sign in to see the critics you follow.'
              : 'No critics found'}
          </p>
        ) : (
          shown.map((critic) => (
            <CarouselItem key={critic.id} className="w-40">
              <CriticChoice
                critic={critic}
                selected={critic.id === selected}
                onToggle={() => setSelected((current) => (current === critic.id ? null : critic.id))}
              />
            </CarouselItem>
          ))
        )}
      </Carousel>
      {selectedCritic ? <CriticRecommendations critic={selectedCritic} /> : null}
    </>
  );
}

function CriticChoice({ critic, selected, onToggle }: { critic: Critic } & ChoiceProps) {
  return (
    <PersonChoice
      person={critic.user}
      fallbackName="Kinora Critic"
      selected={selected}
      onToggle={onToggle}
      badge={
        critic.isVerified ? (
          <BadgeCheck className="size-4 shrink-0 text-accent" aria-label="Verified critic" role="img" />
        ) : null
      }
      detail={formatFollowers(critic._count.followers)}
      testId="critic-choice"
    />
  );
}

function CriticRecommendations({ critic }: { critic: Critic }) {
  const headingId = useId();
  const recommendations = useCriticRecommendations(critic.id);
  const name = getPersonName(critic.user, 'Kinora Critic');

  if (recommendations.isSuccess && recommendations.data.length > 0) {
    return (
      <Carousel title="Critic Recommendations" description={`Rated highest by ${name}`}>
        {recommendations.data.map((pick) => (
          <CarouselItem key={pick.film.id} className="w-40">
            <Link
              to={filmPath(pick.film.id)}
              className="group block"
              aria-label={`${pick.film.title ?? 'Film'}, ${pick.rating}/10`}
            >
              <div className="flex aspect-[2/3] items-center justify-center overflow-hidden rounded-xl bg-white/5">
                {pick.film.posterUrl ? (
                  <PosterImage
                    posterUrl={pick.film.posterUrl}
                    className="size-full object-cover transition group-hover:scale-105"
                  />
                ) : (
                  <Film className="size-8 text-fg-subtle" aria-hidden="true" />
                )}
              </div>
              <p className="mt-2 truncate text-sm font-semibold text-fg">{pick.film.title}</p>
              <p className="text-xs text-accent">
                {pick.rating}/10 · {pick.reviewTitle}
              </p>
            </Link>
          </CarouselItem>
        ))}
      </Carousel>
    );
  }
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-lg font-bold tracking-tight text-fg md:text-xl">
        Critic Recommendations
      </h2>
      <p className="flex items-center gap-2 rounded-2xl border border-dashed border-white/10 px-5 py-6 text-sm text-fg-subtle">
        <MousePointerClick className="size-5 shrink-0" aria-hidden="true" />
        {recommendations.isPending
          ? `Loading ${name}'s picks...`
          : recommendations.isError
            ? `Could not load ${name}'s picks.`
            : `${name} has not reviewed any films yet.`}
      </p>
    </section>
  );
}
