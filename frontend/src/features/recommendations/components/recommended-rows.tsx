import { FilmCardSkeleton } from '@/components/film/film-card';
import { FilmRow, ROW_SKELETON_ITEMS } from '@/components/film/film-row';
import { CarouselItem } from '@/components/ui/carousel';
import { Skeleton, SkeletonLine } from '@/components/ui/skeleton';
import { useShownOnScreen } from '@/hooks/use-shown-on-screen';
import type { Film, RecommendationRow } from '@/lib/api/types';

import { filmsOfRow } from '../api/get-recommendations';
import { reportRowFilmOpened, reportRowShown } from '../api/row-events';

type RecommendedRowsProps = {
  /** The rows of GET /api/recommendations/home, in its order; undefined while they load. */
  rows: RecommendationRow[] | undefined;
  /** The cards of the rows' films (one GET /api/films?ids= for all rows); undefined while they load. */
  films: Film[] | undefined;
  /** The rows' films are still loading: each row shows its skeleton under its title and reason. */
  filmsPending: boolean;
};

/** Where the rows will be, while it is not yet known which: a heading, its reason and one row of skeletons. */
function RecommendedRowsSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading recommendations" data-testid="recommendations-loading">
      <div className="flex h-7 items-center">
        <Skeleton className="h-5 w-48 rounded-md" />
      </div>
      <SkeletonLine text="sm" className="mt-1 mb-3" barClassName="w-72 max-w-full" />
      <div className="flex gap-3 overflow-hidden pt-1 pb-4 md:gap-4">
        {Array.from({ length: ROW_SKELETON_ITEMS }, (_, index) => (
          <CarouselItem key={index}>
            <FilmCardSkeleton />
          </CarouselItem>
        ))}
      </div>
    </div>
  );
}

/**
 * One recommended row: reported as shown (once per browsing session) when it is half on screen
 * with at least one card, and each card opened from it as a click.
 */
function RecommendedRow({ row, films }: { row: RecommendationRow; films: Film[] | undefined }) {
  const ref = useShownOnScreen<HTMLDivElement>((films?.length ?? 0) > 0, () => reportRowShown(row));
  return (
    <div ref={ref} data-testid="recommendation-row" data-row-kind={row.kind} data-row-key={row.key}>
      <FilmRow
        title={row.title}
        description={<span className="line-clamp-1">{row.reason}</span>}
        films={films}
        isPending={films === undefined}
        empty={null}
        onFilmOpen={(film) => reportRowFilmOpened(row, film.id)}
      />
    </div>
  );
}

/**
 * The home page's recommended rows ("For you", "Because you watched …", "Rated highly by critics you
 * follow", or "Trending in …"): one carousel each, its title as the heading and its reason under
 * it. A row none of whose films the catalog shows is left out.
 */
export function RecommendedRows({ rows, films, filmsPending }: RecommendedRowsProps) {
  if (rows === undefined) return <RecommendedRowsSkeleton />;
  return rows.map((row) => {
    const rowFilms = filmsPending ? undefined : filmsOfRow(row, films ?? []);
    if (rowFilms?.length === 0) return null;
    return <RecommendedRow key={row.key} row={row} films={rowFilms} />;
  });
}
