import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const normalizeEmail = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

export class JoinWaitlistDto {
  @Transform(normalizeEmail)
  @IsString({ message: 'email must be a string' })
  @MaxLength(254)
  @IsEmail({}, { message: 'email must be a valid email address' })
  email!: string;
}

export class FeedbackDto extends JoinWaitlistDto {
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100)
  name?: string;

  @Transform(trim)
  @IsString({ message: 'vision must be a string' })
  @IsNotEmpty({ message: 'vision is required' })
  @MaxLength(5000)
  vision!: string;
}
