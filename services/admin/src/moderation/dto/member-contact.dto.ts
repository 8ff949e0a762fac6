import { ApiNullableString, NamedUserDto } from '@kinora/common';

/** A member as a moderator sees them: with the address, from admin's copy of the accounts. */
export class MemberContactDto extends NamedUserDto {
  @ApiNullableString({ description: 'null while the account is unknown to admin.' })
  email!: string | null;
}
