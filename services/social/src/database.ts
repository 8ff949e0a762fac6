import { KNOWN_USERS, namedMigrations } from '@kinora/common';
import { ContinueWatching20261124001000 } from './migrations/continue-watching.migration';
import { CreatorStanding20261130100000 } from './migrations/creator-standing.migration';
import { Critics20261123003000 } from './migrations/critics.migration';
import { Reviews20261123001000 } from './migrations/reviews.migration';
import { ListCounts20261123004100 } from './migrations/list-counts.migration';
import { Notifications20261123004000 } from './migrations/notifications.migration';
import { SocialGraph20261123002000 } from './migrations/social-graph.migration';
import { WatchProgress20261123004300 } from './migrations/watch-progress.migration';

export const DATABASE = {
  entities: [],
  migrations: [
    ...KNOWN_USERS.migrations,
    ...namedMigrations({
      Reviews20261123001000,
      SocialGraph20261123002000,
      Critics20261123003000,
      Notifications20261123004000,
      ListCounts20261123004100,
      WatchProgress20261123004300,
      ContinueWatching20261124001000,
      CreatorStanding20261130100000,
    }),
  ],
};
