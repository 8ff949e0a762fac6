import {
  FILM_SORTS,
  GENRE_FILTER_OPTIONS,
  LANGUAGES,
  SEARCH_QUERY_MAX_LENGTH,
  type FilmSort,
} from '@kinora/contracts';
import { Clapperboard, Film as FilmIcon, RotateCcw, Search, SearchX, X } from 'lucide-react';
import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

import { FilmCard, FilmCardSkeleton } from '@/components/film/film-card';
import { POSTER_SIZES } from '@/components/film/poster-sizes';
import { PageHeader } from '@/components/layout/page-header';
import { PageMeta } from '@/components/layout/page-meta';
import { Button } from '@/components/ui/button';
import { EmptyState, LoadErrorState } from '@/components/ui/empty-state';
import { FilterSelect, type SelectOption } from '@/components/ui/form';
import { BROWSE_SKELETON_COUNT } from '@/config/constants';
import { formatFilmCount } from '@/lib/format';
import type { Film } from '@/lib/api/types';
import { cn } from '@/lib/utils';

import { useFilms } from '../api/get-films';
import { BROWSE_PRIORITY_POSTERS } from '../api/prefetch-films';
import { useSearchFilms } from '../api/search-films';
import {
  activeFilterChips,
  browseListParams,
  EMPTY_BROWSE_FILTERS,
  hasActiveFilters,
  readBrowseFilters,
  SORT_LABELS,
  sortSearchResults,
  writeBrowseFilters,
  type BrowseFilters,
} from '../utils/browse-filters';

/** The options of a select, with the current value added when it is not one of them (e.g. genre=Family). */
function withCurrent(
  all: string,
  values: readonly string[],
  current: string,
): { value: string; options: SelectOption[] } {
  const canonical = values.find((value) => value.toLowerCase() === current.toLowerCase()) ?? current;
  const listed = values.includes(canonical) || canonical === '' ? values : [...values, canonical];
  return {
    value: canonical,
    options: [{ value: '', label: all }, ...listed.map((value) => ({ value, label: value }))],
  };
}

const sortOptions: SelectOption[] = FILM_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }));

/**
 * Browse Films: a filter panel kept in step with the URL (q, genre, language, sort), removable
 * chips, and a 2/4/6-column grid. A search uses GET /api/films/search, otherwise GET /api/films.
 */
export function BrowseFilms() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readBrowseFilters(searchParams);
  const searchId = useId();

  // The search box edits a draft; the URL changes on submit. A new q in the URL (the navigation bar's
  // search, a removed chip) replaces the draft.
  const [draft, setDraft] = useState(filters.q);
  const [draftFor, setDraftFor] = useState(filters.q);
  if (draftFor !== filters.q) {
    setDraftFor(filters.q);
    setDraft(filters.q);
  }

  // From the URL as it is now, not as this render saw it: two quick changes both stay.
  const update = (next: Partial<BrowseFilters>) =>
    setSearchParams((current) => writeBrowseFilters({ ...readBrowseFilters(current), ...next }, current));

  const searching = filters.q !== '';
  const genre = filters.genre || undefined;
  const language = filters.language || undefined;
  const search = useSearchFilms({ q: filters.q, genre, language }, { enabled: searching });
  const list = useFilms(browseListParams(filters), { enabled: !searching });
  const query = searching ? search : list;
  const films = query.data ? (searching ? sortSearchResults(query.data, filters.sort) : query.data) : [];

  const genreSelect = withCurrent('All Genres', GENRE_FILTER_OPTIONS, filters.genre);
  const languageSelect = withCurrent('All Languages', LANGUAGES, filters.language);
  const chips = activeFilterChips(filters);
  const filtered = hasActiveFilters(filters);

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update({ q: draft.trim() });
  };

  const clearFilters = () => {
    setDraft('');
    setSearchParams(writeBrowseFilters(EMPTY_BROWSE_FILTERS));
  };

  return (
    <div className="mx-auto w-full max-w-screen-2xl px-4 pt-24 pb-16 md:px-8 md:pt-28">
      <PageMeta title="Browse Films · Kinora" description={BROWSE_DESCRIPTION} />
      <PageHeader eyebrow="Catalogue" title="Browse Films" className="mb-8">
        Independent generative cinema from creators worldwide. Search by title, or narrow by genre and
        language.
      </PageHeader>

      <section
        aria-label="Filters"
        className="rounded-2xl border border-white/10 bg-surface/80 p-4 shadow-xl shadow-black/30 md:p-5"
      >
        <div className="grid grid-cols-2 items-end gap-3 md:grid-cols-4 md:gap-4 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]">
          <form
            role="search"
            onSubmit={onSearch}
            className="col-span-2 flex min-w-0 flex-col gap-1.5 md:col-span-4 lg:col-span-1"
          >
            <label
              htmlFor={searchId}
              className="text-xs font-semibold tracking-wide text-fg-subtle uppercase"
            >
              Search by title
            </label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle"
                aria-hidden="true"
              />
              <input
                id={searchId}
                type="search"
                value={draft}
                maxLength={SEARCH_QUERY_MAX_LENGTH}
                onChange={(event) => setDraft(event.target.value)}
                placeholder="Try “nebula” or “conway”"
                autoComplete="off"
                enterKeyHint="search"
                className={cn(
                  'h-11 w-full rounded-xl border border-white/10 bg-surface-raised pr-24 pl-9 text-sm text-fg placeholder:text-fg-subtle',
                  'transition-colors hover:border-white/20 focus:border-accent/70 focus-visible:outline-none',
                  '[&::-webkit-search-cancel-button]:hidden',
                )}
              />
              <Button
                type="submit"
                size="sm"
                className="absolute top-1/2 right-1 h-9 -translate-y-1/2 rounded-lg px-3"
              >
                Search
              </Button>
            </div>
          </form>

          <FilterSelect
            label="Genre"
            value={genreSelect.value}
            options={genreSelect.options}
            onChange={(value) => update({ genre: value })}
          />
          <FilterSelect
            label="Language"
            value={languageSelect.value}
            options={languageSelect.options}
            onChange={(value) => update({ language: value })}
          />
          <FilterSelect
            label="Sort by"
            value={filters.sort}
            options={sortOptions}
            onChange={(value) => update({ sort: value as FilmSort })}
          />
          <Button variant="outline" onClick={clearFilters} disabled={!filtered} className="h-11 rounded-xl">
            <RotateCcw className="size-4" aria-hidden="true" />
            Clear Filters
          </Button>
        </div>

        {chips.length > 0 ? (
          <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-white/5 pt-4">
            <span className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">
              Active filters
            </span>
            <ul aria-label="Active filters" className="flex flex-wrap gap-2">
              {chips.map((chip) => (
                <li key={chip.key}>
                  <span className="inline-flex items-center gap-1 rounded-full border border-accent/30 bg-accent/10 py-1 pr-1 pl-3 text-sm font-medium text-accent">
                    {chip.label}
                    <button
                      type="button"
                      aria-label={`Remove ${chip.label}`}
                      onClick={() => update({ [chip.key]: EMPTY_BROWSE_FILTERS[chip.key] })}
                      className="inline-flex size-6 items-center justify-center rounded-full transition-colors hover:bg-accent/20"
                    >
                      <X className="size-3.5" aria-hidden="true" />
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      <div className="mt-8 mb-4 flex items-center justify-between gap-4">
        <h2 className="text-lg font-bold text-fg">
          {searching ? `Results for “${filters.q}”` : filtered ? 'Matching Films' : 'All Films'}
        </h2>
        <p role="status" data-testid="result-count" className="min-w-32 text-right text-sm text-fg-subtle">
          {query.isSuccess ? formatFilmCount(films.length) : query.isPending ? 'Loading films…' : ''}
        </p>
      </div>

      {query.isPending ? (
        <div aria-busy="true" aria-label="Loading films" className={gridClasses}>
          {Array.from({ length: BROWSE_SKELETON_COUNT }, (_, index) => (
            <FilmCardSkeleton key={index} />
          ))}
        </div>
      ) : query.isError ? (
        <LoadErrorState
          icon={Clapperboard}
          title="Films could not be loaded"
          onRetry={() => void query.refetch()}
        />
      ) : films.length === 0 ? (
        <EmptyState
          icon={filtered ? SearchX : FilmIcon}
          title="No films found"
          hint={filtered ? 'Try adjusting your search criteria' : 'Check back later for new content'}
        />
      ) : (
        <FilmGrid films={films} />
      )}
    </div>
  );
}

const gridClasses = 'grid grid-cols-2 gap-x-4 gap-y-8 md:grid-cols-4 lg:grid-cols-6';
/** The grid's widest first row: its posters load at once, the first two (in view on every screen) first. */
const FIRST_ROW = 6;
/** The cards of the first pass: more than a first screen holds on any layout (two rows of six). */
const FIRST_PASS_CARDS = 12;

/**
 * The films' grid. The first screen's cards come in the first pass; the rest follow in a background
 * pass React slices, so the page shows (and answers input) without waiting for 50 cards. Cards
 * below the first row are laid out and painted only near the screen (`content-visibility: auto`,
 * with about a card's height standing in).
 */
function FilmGrid({ films }: { films: Film[] }) {
  const count = useDeferredValue(films.length, Math.min(films.length, FIRST_PASS_CARDS));
  return (
    <ul aria-label="Films" className={gridClasses}>
      {films.slice(0, count).map((film, index) => (
        <li
          key={film.id}
          className={cn(
            'flex',
            index >= FIRST_ROW && '[contain-intrinsic-size:auto_20rem] [content-visibility:auto]',
          )}
        >
          <FilmCard
            film={film}
            sizes={POSTER_SIZES.browseGrid}
            eager={index < FIRST_ROW}
            priority={index < BROWSE_PRIORITY_POSTERS}
            className="w-full"
          />
        </li>
      ))}
    </ul>
  );
}

const BROWSE_DESCRIPTION =
  'Browse independent generative films on Kinora: search by title, filter by genre and language, and sort by newest, most popular or top rated.';
