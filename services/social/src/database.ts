import { KNOWN_USERS } from '@kinora/common';
import { SocialFilm } from './films/film.entity';
import { Reviews20261123001000 } from './migrations/reviews.migration';
import { Review } from './reviews/review.entity';

export const DATABASE = {
  entities: [...KNOWN_USERS.entities, SocialFilm, Review],
  migrations: [...KNOWN_USERS.migrations, { name: 'Reviews20261123001000', class: Reviews20261123001000 }],
};
