import { KNOWN_USERS } from '@kinora/common';
import { ModerationItems20261121003000 } from './migrations/moderation.migration';
import { ModerationItem } from './moderation/moderation-item.entity';

export const DATABASE = {
  entities: [...KNOWN_USERS.entities, ModerationItem],
  migrations: [
    ...KNOWN_USERS.migrations,
    { name: 'ModerationItems20261121003000', class: ModerationItems20261121003000 },
  ],
};
