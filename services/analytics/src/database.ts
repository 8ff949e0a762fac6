import { KNOWN_USERS, namedMigrations } from '@kinora/common';
import { Ads20261205120000 } from './migrations/ads.migration';
import { CreatorStanding20261207100000 } from './migrations/creator-standing.migration';
import { FilmDayShards20261206120000 } from './migrations/film-day-shards.migration';
import { PlatformDaily20261121004000 } from './migrations/platform-daily.migration';
import { Recommendations20261208100000 } from './migrations/recommendations.migration';
import { RowEvents20261208110000 } from './migrations/row-events.migration';
import { Viewing20261124210000 } from './migrations/viewing.migration';

export const DATABASE = {
  entities: [],
  migrations: [
    ...KNOWN_USERS.migrations,
    ...namedMigrations({
      PlatformDaily20261121004000,
      Viewing20261124210000,
      Ads20261205120000,
      FilmDayShards20261206120000,
      CreatorStanding20261207100000,
      Recommendations20261208100000,
      RowEvents20261208110000,
    }),
  ],
};
