import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CRITIC_BIO_MAX_LENGTH,
  CRITIC_EXPERTISE,
  CRITIC_LINK_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  type CriticExpertise,
} from '@kinora/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  MaxLength,
  ValidateNested,
} from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const optional = ({ value }: { value: unknown }) => {
  const text = typeof value === 'string' ? value.trim() : value;
  return text === '' || text === null ? undefined : text;
};
const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true };
const EXPERTISE_MESSAGE = `expertise must be a list of: ${CRITIC_EXPERTISE.join(', ')}`;

/** An admin invites someone to become a critic. */
export class InviteCriticDto {
  @ApiProperty({ format: 'email', maxLength: EMAIL_MAX_LENGTH, description: 'Trimmed and lower-cased.' })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toLowerCase() : value,
  )
  @IsString({ message: 'email must be a string' })
  @MaxLength(EMAIL_MAX_LENGTH, { message: `email must be at most ${EMAIL_MAX_LENGTH} characters` })
  @IsEmail({}, { message: 'email must be a valid email address' })
  email!: string;
}

export class InvitationSentDto {
  @ApiProperty({ format: 'email' })
  email!: string;

  @ApiProperty({ format: 'date-time', description: 'The link works once, until then.' })
  expiresAt!: string;
}

/** What the invitation page shows: the invited address. */
export class InvitationDto {
  @ApiProperty({ format: 'email' })
  email!: string;

  @ApiProperty({ format: 'date-time' })
  expiresAt!: string;
}

export class CriticSocialLinksInputDto {
  @ApiPropertyOptional({ maxLength: CRITIC_LINK_MAX_LENGTH, description: 'Handle or profile URL.' })
  @Transform(optional)
  @IsOptional()
  @IsString({ message: 'twitter must be a string' })
  @MaxLength(CRITIC_LINK_MAX_LENGTH, {
    message: `twitter must be at most ${CRITIC_LINK_MAX_LENGTH} characters`,
  })
  twitter?: string;

  @ApiPropertyOptional({ maxLength: CRITIC_LINK_MAX_LENGTH, description: 'Handle or profile URL.' })
  @Transform(optional)
  @IsOptional()
  @IsString({ message: 'instagram must be a string' })
  @MaxLength(CRITIC_LINK_MAX_LENGTH, {
    message: `instagram must be at most ${CRITIC_LINK_MAX_LENGTH} characters`,
  })
  instagram?: string;

  @ApiPropertyOptional({ maxLength: CRITIC_LINK_MAX_LENGTH, description: 'Handle or profile URL.' })
  @Transform(optional)
  @IsOptional()
  @IsString({ message: 'linkedin must be a string' })
  @MaxLength(CRITIC_LINK_MAX_LENGTH, {
    message: `linkedin must be at most ${CRITIC_LINK_MAX_LENGTH} characters`,
  })
  linkedin?: string;

  @ApiPropertyOptional({ format: 'uri', maxLength: CRITIC_LINK_MAX_LENGTH, description: 'An http(s) URL.' })
  @Transform(optional)
  @IsOptional()
  @IsUrl(URL_OPTIONS, { message: 'website must be an http(s) URL' })
  @MaxLength(CRITIC_LINK_MAX_LENGTH, {
    message: `website must be at most ${CRITIC_LINK_MAX_LENGTH} characters`,
  })
  website?: string;
}

/** The critic's profile, as filled in on the invitation page. */
export class CriticProfileInputDto {
  @ApiProperty({ minLength: 1, maxLength: NAME_MAX_LENGTH })
  @Transform(trim)
  @IsString({ message: 'firstName is required' })
  @IsNotEmpty({ message: 'firstName is required' })
  @MaxLength(NAME_MAX_LENGTH, { message: `firstName must be at most ${NAME_MAX_LENGTH} characters` })
  firstName!: string;

  @ApiProperty({ minLength: 1, maxLength: NAME_MAX_LENGTH })
  @Transform(trim)
  @IsString({ message: 'lastName is required' })
  @IsNotEmpty({ message: 'lastName is required' })
  @MaxLength(NAME_MAX_LENGTH, { message: `lastName must be at most ${NAME_MAX_LENGTH} characters` })
  lastName!: string;

  @ApiProperty({ minLength: 1, maxLength: CRITIC_BIO_MAX_LENGTH, description: 'Professional bio.' })
  @Transform(trim)
  @IsString({ message: 'bio is required' })
  @IsNotEmpty({ message: 'bio is required' })
  @MaxLength(CRITIC_BIO_MAX_LENGTH, { message: `bio must be at most ${CRITIC_BIO_MAX_LENGTH} characters` })
  bio!: string;

  @ApiPropertyOptional({ format: 'uri', maxLength: CRITIC_LINK_MAX_LENGTH, description: 'An http(s) URL.' })
  @Transform(optional)
  @IsOptional()
  @IsUrl(URL_OPTIONS, { message: 'website must be an http(s) URL' })
  @MaxLength(CRITIC_LINK_MAX_LENGTH, {
    message: `website must be at most ${CRITIC_LINK_MAX_LENGTH} characters`,
  })
  website?: string;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', enum: [...CRITIC_EXPERTISE] },
    uniqueItems: true,
  })
  @IsOptional()
  @IsArray({ message: EXPERTISE_MESSAGE })
  @ArrayMaxSize(CRITIC_EXPERTISE.length, { message: EXPERTISE_MESSAGE })
  @IsIn(CRITIC_EXPERTISE, { each: true, message: EXPERTISE_MESSAGE })
  expertise?: CriticExpertise[];

  @ApiPropertyOptional({ type: CriticSocialLinksInputDto })
  @IsOptional()
  @IsObject({ message: 'socialLinks must be an object' })
  @ValidateNested()
  @Type(() => CriticSocialLinksInputDto)
  socialLinks?: CriticSocialLinksInputDto;
}

/** Accepting an invitation needs no session: the token stands for the invited address. */
export class AcceptInvitationDto {
  @ApiProperty({ description: 'The token from the invitation link.' })
  @IsString({ message: 'token is required' })
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(200, { message: 'token must be at most 200 characters' })
  token!: string;

  @ApiProperty({ type: CriticProfileInputDto })
  @IsObject({ message: 'userData must be an object' })
  @ValidateNested()
  @Type(() => CriticProfileInputDto)
  userData!: CriticProfileInputDto;
}

export class InvitationAcceptedDto {
  @ApiProperty()
  message!: string;

  @ApiProperty({ type: 'integer' })
  criticId!: number;

  @ApiProperty({ format: 'email', description: 'Sign in with this address to use the critic account.' })
  email!: string;
}
