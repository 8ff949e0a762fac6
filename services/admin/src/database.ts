import { KNOWN_USERS } from '@kinora/common';
import { ModerationItems20261121003000 } from './migrations/moderation.migration';
import { Prelaunch20261121006000 } from './migrations/prelaunch.migration';
import { ReviewQueue20261123010000 } from './migrations/review-queue.migration';

export const DATABASE = {
  entities: [],
  migrations: [
    ...KNOWN_USERS.migrations,
    { name: 'ModerationItems20261121003000', class: ModerationItems20261121003000 },
    { name: 'Prelaunch20261121006000', class: Prelaunch20261121006000 },
    { name: 'ReviewQueue20261123010000', class: ReviewQueue20261123010000 },
  ],
};
