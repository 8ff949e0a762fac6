import { Campaigns20261205100000 } from './migrations/campaigns.migration';
import { Films20261121002000 } from './migrations/films.migration';

export const DATABASE = {
  entities: [],
  migrations: [
    { name: 'Films20261121002000', class: Films20261121002000 },
    { name: 'Campaigns20261205100000', class: Campaigns20261205100000 },
  ],
};
