import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger, ApiNullableString, ApiTimestamp, PageQuery } from '@kinora/common';
import { CRITIC_EXPERTISE, CREATOR_TYPES } from '@kinora/contracts';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { CriticReviewDto } from '../../critic-reviews/dto/critic-review.dto';

/** limit (default 20) and offset; `type` is there because GET /api/creators?type=critic lands here. */
export class ListCriticsQuery extends PageQuery {
  @ApiProperty({ required: false, enum: ['critic'], description: 'Ignored: every entry is a critic.' })
  @IsOptional()
  @IsIn(CREATOR_TYPES.filter((type) => type === 'critic'), { message: 'type must be critic' })
  type?: 'critic';

  /** The SPA sends a filter with type=critic; accepted, as catalog's creators list accepts it. */
  @ApiProperty({ required: false, maxLength: 100, description: 'Accepted and ignored.' })
  @IsOptional()
  @IsString({ message: 'filter must be a string' })
  @MaxLength(100, { message: 'filter must be at most 100 characters' })
  filter?: string;
}

export class CriticSocialLinksDto {
  @ApiNullableString()
  twitter!: string | null;

  @ApiNullableString()
  instagram!: string | null;

  @ApiNullableString()
  linkedin!: string | null;

  @ApiNullableString()
  website!: string | null;
}

/** The critic's names (as they gave them) and avatar (from their account, once known). */
export class CriticUserDto {
  @ApiProperty()
  firstName!: string;

  @ApiProperty()
  lastName!: string;

  @ApiNullableString()
  profileImageUrl!: string | null;
}

export class CriticCountDto {
  @ApiInteger({ minimum: 0 })
  followers!: number;
}

export class CriticDto {
  @ApiInteger()
  id!: number;

  @ApiProperty()
  bio!: string;

  @ApiNullableString()
  website!: string | null;

  @ApiProperty({ type: CriticUserDto })
  user!: CriticUserDto;

  @ApiProperty({ description: 'Set by an admin; invited critics start unverified.' })
  isVerified!: boolean;

  @ApiProperty({ type: CriticSocialLinksDto })
  socialLinks!: CriticSocialLinksDto;

  @ApiProperty({ type: 'array', items: { type: 'string', enum: [...CRITIC_EXPERTISE] } })
  expertise!: string[];

  @ApiProperty({ type: CriticCountDto })
  _count!: CriticCountDto;

  @ApiInteger({ minimum: 0 })
  followerCount!: number;

  @ApiInteger({ minimum: 0 })
  reviewCount!: number;

  @ApiTimestamp()
  createdAt!: string;
}

/** One critic with their newest reviews. */
export class CriticProfileDto extends CriticDto {
  @ApiProperty({ type: [CriticReviewDto] })
  recentReviews!: CriticReviewDto[];
}

export class VerifyCriticDto {
  @ApiProperty()
  @IsBoolean({ message: 'isVerified must be true or false' })
  isVerified!: boolean;
}
