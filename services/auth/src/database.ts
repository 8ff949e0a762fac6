import { Users20261121001000 } from './migrations/users.migration';
import { User } from './users/user.entity';

export const DATABASE = {
  entities: [User],
  migrations: [{ name: 'Users20261121001000', class: Users20261121001000 }],
};
