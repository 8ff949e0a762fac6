import { KNOWN_USERS } from '@kinora/common';

export const DATABASE = {
  entities: [...KNOWN_USERS.entities],
  migrations: [...KNOWN_USERS.migrations],
};
