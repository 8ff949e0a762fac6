import { PageMeta } from '@/components/layout/page-meta';
import { HOME_GENRE_ROWS } from '@/config/constants';
import { useUser } from '@/features/auth/api/get-user';
import { HomeCreators } from '@/features/creators/components/home-creators';
import { HomeCritics } from '@/features/critics/components/home-critics';
import { useFilmsByIds } from '@/features/films/api/get-films';
import { FeaturedHero, GenreRow, NewReleasesRow, TrendingRow } from '@/features/films/components/home-rows';
import { ContinueWatchingRow } from '@/features/lists/components/continue-watching-row';
import {
  recommendedFilmIds,
  useHomeRecommendations,
} from '@/features/recommendations/api/get-recommendations';
import { RecommendedRows } from '@/features/recommendations/components/recommended-rows';

const HOME_DESCRIPTION =
  "Stream independent generative films on Kinora: new releases, what's trending this week, critics' picks and the creators behind them.";

/**
 * The recommended rows: analytics chooses the films (recommendations), the catalog draws their
 * cards (films), all rows' films in one call. They are asked once it is known who is viewing, and
 * kept per viewer; if they cannot be loaded, the page goes on without them.
 */
function HomeRecommendedRows({ viewer }: { viewer: string | null | undefined }) {
  const recommendations = useHomeRecommendations(viewer);
  const rows = recommendations.isError ? [] : recommendations.data?.rows;
  const films = useFilmsByIds(recommendedFilmIds(rows ?? []));
  return <RecommendedRows rows={rows} films={films.data} filmsPending={films.isLoading} />;
}

/**
 * /home: carousels of real catalogue data. Continue Watching shows only for members with entries;
 * rows that need critics (Critics, Critic Recommendations) arrive with that feature.
 */
export default function HomeRoute() {
  const user = useUser();
  const signedIn = user.isPending ? null : Boolean(user.data);
  const viewer = user.isPending ? undefined : (user.data?.id ?? null);

  return (
    <div className="flex-1">
      <PageMeta title="Home · Kinora" description={HOME_DESCRIPTION} />
      <h1 className="sr-only">Home</h1>
      <FeaturedHero />
      <div className="relative z-10 mx-auto flex max-w-screen-2xl flex-col gap-10 px-4 pb-16 md:gap-12 md:px-8">
        <HomeRecommendedRows viewer={viewer} />
        <NewReleasesRow />
        <ContinueWatchingRow signedIn={signedIn === true} />
        <TrendingRow />
        <HomeCritics />
        <HomeCreators signedIn={signedIn} />
        {HOME_GENRE_ROWS.map((genre) => (
          <GenreRow key={genre} genre={genre} />
        ))}
      </div>
    </div>
  );
}
