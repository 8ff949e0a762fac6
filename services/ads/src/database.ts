import { Advertiser } from './advertisers/advertiser.entity';
import { Campaign } from './campaigns/campaign.entity';
import { Creative } from './campaigns/creative.entity';
import { AdEvent } from './delivery/ad-event.entity';
import { AdFilm } from './films/ad-film.entity';
import { Campaigns20261205100000 } from './migrations/campaigns.migration';
import { Films20261121002000 } from './migrations/films.migration';
import { AdOptimization } from './optimizations/optimization.entity';

export const DATABASE = {
  entities: [AdFilm, Advertiser, Campaign, Creative, AdEvent, AdOptimization],
  migrations: [
    { name: 'Films20261121002000', class: Films20261121002000 },
    { name: 'Campaigns20261205100000', class: Campaigns20261205100000 },
  ],
};
