import { HOME_GENRE_ROWS } from '@/config/constants';
import { HomeCreators } from '@/features/creators/components/home-creators';
import { FeaturedHero, GenreRow, NewReleasesRow, TrendingRow } from '@/features/films/components/home-rows';

/**
 * /home: carousels of real catalogue data. Rows that need follows, critics or viewing
 * progress (Continue Watching, Critics, Critic Recommendations) arrive with those features.
 */
export default function HomeRoute() {
  return (
    <div className="flex-1">
      <title>Home · Kinora</title>
      <h1 className="sr-only">Home</h1>
      <FeaturedHero />
      <div className="relative z-10 mx-auto flex max-w-screen-2xl flex-col gap-10 px-4 pb-16 md:gap-12 md:px-8">
        <NewReleasesRow />
        <TrendingRow />
        <HomeCreators />
        {HOME_GENRE_ROWS.map((genre) => (
          <GenreRow key={genre} genre={genre} />
        ))}
      </div>
    </div>
  );
}
