import { KNOWN_USERS } from '@kinora/common';
import { Film } from './films/film.entity';
import { FilmMedia } from './media/film-media.entity';
import { Catalog20261121007000 } from './migrations/catalog.migration';
import { CreativeMedia20261124300000 } from './migrations/creative-media.migration';
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
    { name: 'Catalog20261121007000', class: Catalog20261121007000 },
    { name: 'FilmRatings20261123001000', class: FilmRatings20261123001000 },
    { name: 'CreatorFollowers20261123002000', class: CreatorFollowers20261123002000 },
    { name: 'MediaProgress20261123003000', class: MediaProgress20261123003000 },
    { name: 'Studio20261123100000', class: Studio20261123100000 },
    { name: 'PublicReads20261124100000', class: PublicReads20261124100000 },
    { name: 'QualifiedViews20261124200000', class: QualifiedViews20261124200000 },
    { name: 'CreativeMedia20261124300000', class: CreativeMedia20261124300000 },
    { name: 'PosterVariants20261125100000', class: PosterVariants20261125100000 },
  ],
};
