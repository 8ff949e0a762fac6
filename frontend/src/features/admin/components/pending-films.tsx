import { FilmPoster } from '@/components/film/film-poster';
import { ADMIN_OVERVIEW_PENDING_COUNT } from '@/config/constants';
import { formatDate, formatMinutes } from '@/lib/format';
import type { PendingFilm } from '@/lib/api/types';
import { getPersonName } from '@/lib/user';

import { usePendingFilms } from '../api/get-pending-films';
import { AiDisclosureSummary } from './ai-disclosure-summary';
import { FilmPreview } from './film-preview';
import { ReviewDecision } from './review-decision';
import { ListState, PagedList, useListPage, SectionCard } from './section-card';

/** The creator's name and address; the account may be unknown to admin yet (no user, no email). */
const creatorLine = (film: PendingFilm) => {
  const user = film.creator.user as PendingFilm['creator']['user'] | null;
  if (!user) return 'Unknown creator';
  const name = getPersonName(user, user.email ?? 'Unknown creator');
  return user.email && user.email !== name ? `${name} · ${user.email}` : name;
};

/** Genre, language, year (when known), length and when it was submitted. */
function FilmFacts({ film }: { film: PendingFilm }) {
  const facts = [film.genre, film.language, film.releaseYear, formatMinutes(film.duration)];
  return (
    <p className="text-xs text-fg-subtle">
      {facts.filter((fact) => fact !== null && fact !== '').join(' · ')} · submitted{' '}
      <time dateTime={film.createdAt}>{formatDate(film.createdAt)}</time>
    </p>
  );
}

/** Overview: the first pending uploads, oldest first, each with Approve and Reject. */
export function PendingUploads() {
  const pending = usePendingFilms({ limit: ADMIN_OVERVIEW_PENDING_COUNT, offset: 0 });

  return (
    <SectionCard title="Pending uploads" description="The oldest submissions waiting for review.">
      <ListState
        query={pending}
        empty="No films are waiting for review."
        errorText="Pending uploads could not be loaded."
      >
        <ul aria-label="Pending uploads" className="divide-y divide-white/10">
          {pending.data?.map((film) => (
            <li key={film.id} className="flex flex-wrap items-center gap-4 py-3 first:pt-0 last:pb-0">
              <FilmPoster
                title={film.title}
                posterUrl={film.posterUrl}
                className="w-12 shrink-0 rounded-md"
              />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-fg">{film.title}</p>
                <p className="truncate text-sm text-fg-muted">{creatorLine(film)}</p>
                <FilmFacts film={film} />
              </div>
              <ReviewDecision filmId={film.id} title={film.title} />
            </li>
          ))}
        </ul>
      </ListState>
    </SectionCard>
  );
}

/** Content: the whole review queue a page at a time, each film with a preview and its AI disclosure. */
export function ReviewQueue() {
  const page = useListPage();
  const pending = usePendingFilms(page.query);

  return (
    <PagedList
      title="Review queue"
      description="Watch each film and check its AI disclosure before approving it."
      query={pending}
      empty="No films are waiting for review."
      errorText="The review queue could not be loaded."
      page={page}
    >
      {(films) => (
        <ul aria-label="Review queue" className="grid gap-5">
          {films.map((film) => (
            <li key={film.id}>
              <article
                aria-label={film.title}
                className="grid gap-5 rounded-xl border border-white/10 bg-black/20 p-4 lg:grid-cols-[minmax(0,22rem)_1fr]"
              >
                <FilmPreview title={film.title} videoUrl={film.videoUrl} posterUrl={film.posterUrl} />
                <div className="grid content-start gap-3">
                  <div>
                    <h3 className="text-base font-bold text-fg">{film.title}</h3>
                    <p className="text-sm text-fg-muted">{creatorLine(film)}</p>
                    <FilmFacts film={film} />
                  </div>
                  {film.description ? (
                    <p className="text-sm leading-relaxed whitespace-pre-line text-fg-muted">
                      {film.description}
                    </p>
                  ) : null}
                  <AiDisclosureSummary disclosure={film.aiDisclosure} />
                  <ReviewDecision filmId={film.id} title={film.title} />
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
