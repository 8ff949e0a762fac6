import { ApiProperty, OmitType } from '@nestjs/swagger';
import { ApiInteger, ApiNullableString, ApiTimestamp } from '@kinora/common';
import { CreatorBasicsDto, CreatorUserDto, FilmDto } from '../../films/dto/film.dto';
import { SocialLinksDto } from './create-creator.dto';

export class CreatorCountsDto {
  @ApiInteger()
  followers!: number;

  @ApiInteger({ description: 'Published films.' })
  films!: number;
}

/** A creator as lists return it; field rules in docs/catalog.md. */
export class CreatorDto extends CreatorBasicsDto {
  @ApiNullableString()
  website!: string | null;

  @ApiProperty({ type: SocialLinksDto, description: 'Bare handles (no @) and the website URL.' })
  socialLinks!: SocialLinksDto;

  @ApiProperty()
  isVerified!: boolean;

  @ApiInteger()
  followerCount!: number;

  @ApiTimestamp()
  createdAt!: string;

  @ApiProperty({ type: CreatorUserDto })
  user!: CreatorUserDto;

  @ApiProperty({ type: [FilmDto], description: "The creator's newest published films." })
  films!: FilmDto[];

  @ApiProperty({ type: CreatorCountsDto })
  _count!: CreatorCountsDto;
}

/** The profile page's user: the list form plus the contact address. */
export class CreatorContactUserDto extends CreatorUserDto {
  @ApiNullableString()
  email!: string | null;
}

export class CreatorStatsDto {
  @ApiInteger()
  totalFilms!: number;

  @ApiInteger()
  followers!: number;

  @ApiInteger()
  totalViews!: number;

  @ApiProperty({ description: 'Mean rating of the films, one decimal; 0 without reviews.' })
  averageRating!: number;
}

/** The creator profile page: the list form plus the contact address and the stats card. */
export class CreatorProfileDto extends OmitType(CreatorDto, ['user'] as const) {
  @ApiProperty({ type: CreatorContactUserDto })
  user!: CreatorContactUserDto;

  @ApiProperty({ type: CreatorStatsDto })
  stats!: CreatorStatsDto;
}
