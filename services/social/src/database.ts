import { KNOWN_USERS } from '@kinora/common';
import { SocialCreator } from './creators/creator.entity';
import { SocialFilm } from './films/film.entity';
import { Follow } from './follows/follow.entity';
import { Like } from './likes/like.entity';
import { ListEntry } from './lists/list-entry.entity';
import { Reviews20261123001000 } from './migrations/reviews.migration';
import { SocialGraph20261123002000 } from './migrations/social-graph.migration';
import { Review } from './reviews/review.entity';

export const DATABASE = {
  entities: [...KNOWN_USERS.entities, SocialFilm, Review, Like, SocialCreator, Follow, ListEntry],
  migrations: [
    ...KNOWN_USERS.migrations,
    { name: 'Reviews20261123001000', class: Reviews20261123001000 },
    { name: 'SocialGraph20261123002000', class: SocialGraph20261123002000 },
  ],
};
