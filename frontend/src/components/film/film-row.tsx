import { ChevronRight } from 'lucide-react';
import { useDeferredValue, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { Carousel, CarouselItem } from '@/components/ui/carousel';
import type { Film } from '@/lib/api/types';

import { FilmCard, FilmCardSkeleton } from './film-card';

/** Card skeletons a home row shows while it loads. */
export const ROW_SKELETON_ITEMS = 7;

function SeeAll({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      aria-label={`See all ${label}`}
      className="inline-flex items-center gap-0.5 text-sm font-semibold text-accent hover:text-accent-hover"
    >
      See all
      <ChevronRight className="size-4" aria-hidden="true" />
    </Link>
  );
}

function RowSkeleton() {
  return Array.from({ length: ROW_SKELETON_ITEMS }, (_, index) => (
    <CarouselItem key={index}>
      <FilmCardSkeleton />
    </CarouselItem>
  ));
}

/** A row's text in place of its cards (empty, or failed to load). */
export function QuietText({ children }: { children: string }) {
  return (
    <p className="flex min-h-24 w-full items-center rounded-2xl border border-dashed border-white/10 px-5 text-sm text-fg-subtle">
      {children}
    </p>
  );
}

export type FilmRowProps = {
  title: string;
  /** Under the heading: why the row is there. */
  description?: ReactNode;
  films: Film[] | undefined;
  isPending: boolean;
  /** The text without films; null hides the row instead. */
  empty: string | null;
  seeAll?: string;
  /** How many of the first posters load at once (the row in view when the page opens); none by default. */
  eagerCount?: number;
  /** Called when a card's film is opened, before the navigation (recommendation clicks). */
  onFilmOpen?: (film: Film) => void;
};

/** A home carousel of film cards: 7 card skeletons while pending, then the cards. */
export function FilmRow({
  title,
  description,
  films,
  isPending,
  empty,
  seeAll,
  eagerCount = 0,
  onFilmOpen,
}: FilmRowProps) {
  // A row's cards are drawn in a background pass React slices, after the one that takes the
  // response in: several rows arriving together would otherwise hold the page for one long task.
  const shown = useDeferredValue(films);
  if (!isPending && (!films || films.length === 0) && empty === null) return null;
  return (
    <Carousel
      title={title}
      description={description}
      action={seeAll ? <SeeAll to={seeAll} label={title} /> : null}
    >
      {isPending || (films && !shown) ? (
        <RowSkeleton />
      ) : shown && shown.length > 0 ? (
        shown.map((film, index) => (
          <CarouselItem key={film.id}>
            <FilmCard
              film={film}
              eager={index < eagerCount}
              onOpen={onFilmOpen ? () => onFilmOpen(film) : undefined}
            />
          </CarouselItem>
        ))
      ) : (
        <QuietText>{empty ?? ''}</QuietText>
      )}
    </Carousel>
  );
}
