import { ApiProperty } from '@nestjs/swagger';
import {
  ApiInteger,
  ApiNullableString,
  ApiNullableTimestamp,
  ApiTimestamp,
  NamedUserDto,
  OptionalTextField,
  PageQuery,
  RequiredTextField,
} from '@kinora/common';
import { AUDIT_REASON_MAX_LENGTH, USER_ROLES, type UserRole } from '@kinora/contracts';
import { IsIn, IsUUID } from 'class-validator';

const SEARCH_MAX_LENGTH = 200;

/** q (a part of the email or the names), limit (default 20) and offset. */
export class AccountsQuery extends PageQuery {
  @OptionalTextField(SEARCH_MAX_LENGTH, 'A part of the email, first or last name, in any case.')
  q?: string;
}

/** Why an admin suspends an account: mailed to its holder and kept on the audit log. */
export class SuspendAccountDto {
  @RequiredTextField(AUDIT_REASON_MAX_LENGTH)
  reason!: string;
}

/** The path of PUT and DELETE /api/auth/users/{userId}/roles/{role}. */
export class RoleParams {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'userId must be a UUID' })
  userId!: string;

  @ApiProperty({ enum: USER_ROLES, enumName: 'UserRole' })
  @IsIn(USER_ROLES, { message: `role must be one of ${USER_ROLES.join(', ')}` })
  role!: UserRole;
}

/** An account as admins see it (docs/accounts.md, "Managing accounts"). */
export class AccountDto extends NamedUserDto {
  @ApiProperty({ format: 'email' })
  email!: string;

  @ApiProperty({ description: 'Set by ADMIN_EMAILS, not here.' })
  isAdmin!: boolean;

  @ApiProperty({ enum: USER_ROLES, enumName: 'UserRole', isArray: true })
  roles!: UserRole[];

  @ApiInteger({ nullable: true, description: 'The creator profile (/creator/{id}), if any.' })
  creatorId!: number | null;

  @ApiInteger({ nullable: true, description: 'The critic profile, if any.' })
  criticId!: number | null;

  @ApiTimestamp({ description: 'Signed up.' })
  createdAt!: string;

  @ApiNullableTimestamp({ description: 'Last used a session (to the minute); null when never signed in.' })
  lastSeenAt!: string | null;

  @ApiInteger({ minimum: 0, description: 'Sessions neither ended nor expired.' })
  openSessions!: number;

  @ApiNullableTimestamp()
  suspendedAt!: string | null;

  @ApiNullableString()
  suspensionReason!: string | null;
}
