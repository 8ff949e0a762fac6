import { KNOWN_USERS, namedMigrations } from '@kinora/common';
import { Film } from './films/film.entity';
import { FilmMedia } from './media/film-media.entity';
import { Catalog20261121007000 } from './migrations/catalog.migration';
import { CreativeMedia20261124300000 } from './migrations/creative-media.migration';
import { CreatorStanding20261130100000 } from './migrations/creator-standing.migration';
import { CreatorFollowers20261123002000 } from './migrations/follows.migration';
import { MediaProgress20261123003000 } from './migrations/media-progress.migration';
import { PosterVariants20261125100000 } from './migrations/poster-variants.migration';
import { PublicReads20261124100000 } from './migrations/public-reads.migration';
import { QualifiedViews20261124200000 } from './migrations/qualified-views.migration';
import { FilmRatings20261123001000 } from './migrations/ratings.migration';
import { Studio20261123100000 } from './migrations/studio.migration';

export const DATABASE = {
  entities: [Film, FilmMedia],
  migrations: [
    ...KNOWN_USERS.migrations,
    ...namedMigrations({
      Catalog20261121007000,
      FilmRatings20261123001000,
      CreatorFollowers20261123002000,
      MediaProgress20261123003000,
      Studio20261123100000,
      PublicReads20261124100000,
      QualifiedViews20261124200000,
      CreativeMedia20261124300000,
      PosterVariants20261125100000,
      CreatorStanding20261130100000,
    }),
  ],
};
