import { KNOWN_USERS } from '@kinora/common';
import { ContinueWatching20261124001000 } from './migrations/continue-watching.migration';
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
    { name: 'Reviews20261123001000', class: Reviews20261123001000 },
    { name: 'SocialGraph20261123002000', class: SocialGraph20261123002000 },
    { name: 'Critics20261123003000', class: Critics20261123003000 },
    { name: 'Notifications20261123004000', class: Notifications20261123004000 },
    { name: 'ListCounts20261123004100', class: ListCounts20261123004100 },
    { name: 'WatchProgress20261123004300', class: WatchProgress20261123004300 },
    { name: 'ContinueWatching20261124001000', class: ContinueWatching20261124001000 },
  ],
};
