import { ApiProperty } from '@nestjs/swagger';
import { EmailField } from '@kinora/common';
import { VERIFICATION_CODE_LENGTH } from '@kinora/contracts';
import { Transform } from 'class-transformer';
import { IsString, Matches } from 'class-validator';

export class SendCodeDto {
  @EmailField()
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
