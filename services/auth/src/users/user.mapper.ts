import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { create } from '@bufbuild/protobuf';
import { UserProfileSchema, type UserProfile } from '@kinora/proto';
import type { UserDto } from './dto/user.dto';
import type { User } from './user.entity';

export type { UserDto };

export function mapUser(user: User): UserDto {
  return {
    id: user.id,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    email: user.email,
    profileImageUrl: user.profileImageUrl ?? null,
    isAdmin: user.isAdmin,
    roles: [...user.roles],
    subscriptionType: user.subscriptionType,
    subscriptionExpiry: user.subscriptionExpiry?.toISOString() ?? null,
    watchlistCount: user.watchlistCount,
    favoritesCount: user.favoritesCount,
  };
}

/** The user as other services learn it from auth's events. */
export function toUserProfile(user: User): UserProfile {
  return create(UserProfileSchema, {
    userId: user.id,
    email: user.email,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    profileImageUrl: user.profileImageUrl ?? '',
    isAdmin: user.isAdmin,
    roles: [...(user.isAdmin ? ['admin'] : []), ...user.roles],
    subscriptionType: user.subscriptionType,
    createdAt: timestampFromDate(user.createdAt),
  });
}
