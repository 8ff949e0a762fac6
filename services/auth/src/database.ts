import { AccountDeletion20261130140000 } from './migrations/account-deletion.migration';
import { IdentityVersion20261124100000 } from './migrations/identity-version.migration';
import { ListCounts20261123004200 } from './migrations/list-counts.migration';
import { SignInAndSessions20261121005000 } from './migrations/sign-in.migration';
import { UserAdmin20261130120000 } from './migrations/user-admin.migration';
import { Users20261121001000 } from './migrations/users.migration';
import { Session } from './sessions/session.entity';
import { User } from './users/user.entity';

export const DATABASE = {
  entities: [User, Session],
  migrations: [
    { name: 'Users20261121001000', class: Users20261121001000 },
    { name: 'SignInAndSessions20261121005000', class: SignInAndSessions20261121005000 },
    { name: 'ListCounts20261123004200', class: ListCounts20261123004200 },
    { name: 'IdentityVersion20261124100000', class: IdentityVersion20261124100000 },
    { name: 'UserAdmin20261130120000', class: UserAdmin20261130120000 },
    { name: 'AccountDeletion20261130140000', class: AccountDeletion20261130140000 },
  ],
};
