import { KNOWN_USERS } from '@kinora/common';
import { Ads20261205120000 } from './migrations/ads.migration';
import { PlatformDaily20261121004000 } from './migrations/platform-daily.migration';
import { Viewing20261124210000 } from './migrations/viewing.migration';

export const DATABASE = {
  entities: [],
  migrations: [
    ...KNOWN_USERS.migrations,
    { name: 'PlatformDaily20261121004000', class: PlatformDaily20261121004000 },
    { name: 'Viewing20261124210000', class: Viewing20261124210000 },
    { name: 'Ads20261205120000', class: Ads20261205120000 },
  ],
};
