import { Link } from 'react-router-dom';

import { FilmPoster } from '@/components/film/film-poster';
import { Carousel, CarouselItem } from '@/components/ui/carousel';
import { ProgressBar } from '@/components/ui/progress-bar';
import { filmPath } from '@/config/paths';
import { watchProgress } from '@/lib/watch-progress';

import { useList } from '../api/get-list';

/**
 * Home's Continue Watching: the member's continue-watching entries with how far they got (a bar
 * against the film's own length). Shown only to signed-in members who have entries; the list is
 * kept from viewing progress, so it is empty until there is some.
 */
export function ContinueWatchingRow({ signedIn }: { signedIn: boolean }) {
  const entries = useList('continue_watching', { enabled: signedIn });
  if (!signedIn || !entries.data || entries.data.length === 0) return null;

  return (
    <Carousel title="Continue Watching">
      {entries.data.map((entry) => {
        const title = entry.film.title ?? 'Untitled film';
        const { timeLeft, fraction } = watchProgress(entry);
        return (
          <CarouselItem key={entry.id}>
            <Link
              to={filmPath(entry.filmId)}
              data-testid="continue-watching-item"
              className="group block rounded-xl"
            >
              <FilmPoster
                title={title}
                posterUrl={entry.film.posterUrl}
                className="rounded-xl ring-1 ring-white/10 transition group-hover:ring-white/30"
              />
              <p className="mt-2 truncate text-sm font-semibold text-fg group-hover:text-accent">{title}</p>
              <ProgressBar label={`${title} progress`} fraction={fraction} className="mt-2" />
              <p className="mt-1 text-xs text-fg-subtle">{timeLeft ?? 'In progress'}</p>
            </Link>
          </CarouselItem>
        );
      })}
    </Carousel>
  );
}
