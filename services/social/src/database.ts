import { KNOWN_USERS } from '@kinora/common';
import { SocialCreator } from './creators/creator.entity';
import { SocialFilm } from './films/film.entity';
import { Follow } from './follows/follow.entity';
import { Like } from './likes/like.entity';
import { ListEntry } from './lists/list-entry.entity';
import { ContinueWatching20261124001000 } from './migrations/continue-watching.migration';
import { Critics20261123003000 } from './migrations/critics.migration';
import { Reviews20261123001000 } from './migrations/reviews.migration';
import { ListCounts20261123004100 } from './migrations/list-counts.migration';
import { Notifications20261123004000 } from './migrations/notifications.migration';
import { SocialGraph20261123002000 } from './migrations/social-graph.migration';
import { Notification } from './notifications/notification.entity';
import { WatchProgress20261123004300 } from './migrations/watch-progress.migration';
import { Review } from './reviews/review.entity';

export const DATABASE = {
  entities: [
    ...KNOWN_USERS.entities,
    SocialFilm,
    Review,
    Like,
    SocialCreator,
    Follow,
    ListEntry,
    Notification,
  ],
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
