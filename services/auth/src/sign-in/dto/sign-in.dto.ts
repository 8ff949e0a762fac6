import { Transform } from 'class-transformer';
import { IsEmail, IsString, Matches, MaxLength } from 'class-validator';

const normalizeEmail = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

export class SendCodeDto {
  @Transform(normalizeEmail)
  @IsString({ message: 'email must be a string' })
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  @IsEmail({}, { message: 'email must be a valid email address' })
  email!: string;
}

export class VerifyCodeDto extends SendCodeDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'code must be a string' })
  @Matches(/^\d{6}$/, { message: 'code must be the 6 digits from the email' })
  code!: string;
}
