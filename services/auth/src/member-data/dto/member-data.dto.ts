import { ApiProperty } from '@nestjs/swagger';
import { ApiTimestamp } from '@kinora/common';
import { EMAIL_MAX_LENGTH } from '@kinora/contracts';
import { IsString, MaxLength } from 'class-validator';
import { UserDto } from '../../users/dto/user.dto';

/** Deleting an account is confirmed by typing its email address. */
export class DeleteAccountDto {
  @ApiProperty({
    maxLength: EMAIL_MAX_LENGTH,
    description: "The account's email address, typed by the member (compared trimmed, in any case).",
  })
  @IsString({ message: 'confirm must be the email address of your account' })
  @MaxLength(EMAIL_MAX_LENGTH, { message: 'confirm must be the email address of your account' })
  confirm!: string;
}

/** Auth's part of a member's data archive: the account as it is kept. */
export class AccountExportDto extends UserDto {
  @ApiTimestamp({ description: 'When the account was created (first sign-in).' })
  createdAt!: string;
}

/** The account part of "Download my data". */
export class AuthExportDto {
  @ApiProperty({ type: AccountExportDto })
  account!: AccountExportDto;
}
