import { ApiProperty } from '@nestjs/swagger';
import { EMAIL_MAX_LENGTH, VERIFICATION_CODE_LENGTH } from '@kinora/contracts';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, Matches, MaxLength } from 'class-validator';

const normalizeEmail = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

export class SendCodeDto {
  @ApiProperty({ format: 'email', maxLength: EMAIL_MAX_LENGTH, description: 'Trimmed and lower-cased.' })
  @Transform(normalizeEmail)
  @IsString({ message: 'email must be a string' })
  @MaxLength(EMAIL_MAX_LENGTH, { message: `email must be at most ${EMAIL_MAX_LENGTH} characters` })
  @IsEmail({}, { message: 'email must be a valid email address' })
  email!: string;
}

export class VerifyCodeDto extends SendCodeDto {
  @ApiProperty({
    pattern: `^\\d{${VERIFICATION_CODE_LENGTH}}$`,
    example: '123456',
    description: 'The code from the email.',
  })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'code must be a string' })
  @Matches(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), {
    message: `code must be the ${VERIFICATION_CODE_LENGTH} digits from the email`,
  })
  code!: string;
}
