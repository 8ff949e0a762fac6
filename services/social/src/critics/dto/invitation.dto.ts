import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CRITIC_BIO_MAX_LENGTH,
  CRITIC_EXPERTISE,
  CRITIC_LINK_MAX_LENGTH,
  NAME_MAX_LENGTH,
  type CriticExpertise,
} from '@kinora/contracts';
import { ArrayMaxSize, IsArray, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  ApiInteger,
  ApiTimestamp,
  EmailField,
  NestedField,
  OptionalHttpUrlField,
  OptionalTextField,
  RequiredTextField,
} from '@kinora/common';

const EXPERTISE_MESSAGE = `expertise must be a list of: ${CRITIC_EXPERTISE.join(', ')}`;

/** An admin invites someone to become a critic. */
export class InviteCriticDto {
  @EmailField()
  email!: string;
}

export class InvitationSentDto {
  @ApiProperty({ format: 'email' })
  email!: string;

  @ApiTimestamp({ description: 'The link works once, until then.' })
  expiresAt!: string;
}

/** What the invitation page shows: the invited address. */
export class InvitationDto {
  @ApiProperty({ format: 'email' })
  email!: string;

  @ApiTimestamp()
  expiresAt!: string;
}

export class CriticSocialLinksInputDto {
  @OptionalTextField(CRITIC_LINK_MAX_LENGTH, 'Handle or profile URL.')
  twitter?: string;

  @OptionalTextField(CRITIC_LINK_MAX_LENGTH, 'Handle or profile URL.')
  instagram?: string;

  @OptionalTextField(CRITIC_LINK_MAX_LENGTH, 'Handle or profile URL.')
  linkedin?: string;

  @OptionalHttpUrlField(CRITIC_LINK_MAX_LENGTH)
  website?: string;
}

/** The critic's profile, as filled in on the invitation page. */
export class CriticProfileInputDto {
  @RequiredTextField(NAME_MAX_LENGTH)
  firstName!: string;

  @RequiredTextField(NAME_MAX_LENGTH)
  lastName!: string;

  @RequiredTextField(CRITIC_BIO_MAX_LENGTH, { description: 'Professional bio.' })
  bio!: string;

  @OptionalHttpUrlField(CRITIC_LINK_MAX_LENGTH)
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

  @NestedField(CriticSocialLinksInputDto, { optional: true })
  socialLinks?: CriticSocialLinksInputDto;
}

/** Accepting an invitation needs no session: the token stands for the invited address. */
export class AcceptInvitationDto {
  @ApiProperty({ description: 'The token from the invitation link.' })
  @IsString({ message: 'token is required' })
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(200, { message: 'token must be at most 200 characters' })
  token!: string;

  @NestedField(CriticProfileInputDto)
  userData!: CriticProfileInputDto;
}

export class InvitationAcceptedDto {
  @ApiProperty()
  message!: string;

  @ApiInteger()
  criticId!: number;

  @ApiProperty({ format: 'email', description: 'Sign in with this address to use the critic account.' })
  email!: string;
}
