import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger, ApiNullableString, ApiNullableTimestamp, NamedUserDto } from '@kinora/common';
import { SUBSCRIPTION_TYPES, USER_ROLES, type SubscriptionType, type UserRole } from '@kinora/contracts';

/** The current-user object (GET /api/auth/user, verify-code); see docs/accounts.md. */
export class UserDto extends NamedUserDto {
  @ApiProperty({ format: 'email' })
  email!: string;

  @ApiNullableString()
  profileImageUrl!: string | null;

  @ApiProperty()
  isAdmin!: boolean;

  @ApiProperty({
    enum: USER_ROLES,
    enumName: 'UserRole',
    isArray: true,
    description: 'Roles granted by other services (creator, critic): which screens the member has.',
  })
  roles!: UserRole[];

  @ApiProperty({ enum: SUBSCRIPTION_TYPES, enumName: 'SubscriptionType' })
  subscriptionType!: SubscriptionType;

  @ApiNullableTimestamp()
  subscriptionExpiry!: string | null;

  @ApiInteger({ minimum: 0, description: 'Films on the watchlist.' })
  watchlistCount!: number;

  @ApiInteger({ minimum: 0, description: 'Films in favorites.' })
  favoritesCount!: number;
}
