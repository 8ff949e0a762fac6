import { KNOWN_USERS, namedMigrations } from '@kinora/common';
import { AuditLog20261130110000 } from './migrations/audit.migration';
import { ErasedMembers20261130150000 } from './migrations/erased-members.migration';
import { ModerationItems20261121003000 } from './migrations/moderation.migration';
import { Prelaunch20261121006000 } from './migrations/prelaunch.migration';
import { ReviewQueue20261123010000 } from './migrations/review-queue.migration';

export const DATABASE = {
  entities: [],
  migrations: [
    ...KNOWN_USERS.migrations,
    ...namedMigrations({
      ModerationItems20261121003000,
      Prelaunch20261121006000,
      ReviewQueue20261123010000,
      AuditLog20261130110000,
      ErasedMembers20261130150000,
    }),
  ],
};
