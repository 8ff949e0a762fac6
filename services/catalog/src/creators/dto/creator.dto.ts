import { ApiProperty, OmitType } from '@nestjs/swagger';
import { CreatorUserDto, FilmDto } from '../../films/dto/film.dto';
import { SocialLinksDto } from './create-creator.dto';

export class CreatorCountsDto {
  @ApiProperty({ type: 'integer' })
  followers!: number;

  @ApiProperty({ type: 'integer', description: 'Published films.' })
  films!: number;
}

/** A creator as lists return it; field rules in docs/catalog.md. */
export class CreatorDto {
  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty()
  userId!: string;

  @ApiProperty()
  bio!: string;

  @ApiProperty({ type: 'string', nullable: true })
  website!: string | null;

  @ApiProperty({ type: SocialLinksDto, description: 'Bare handles (no @) and the website URL.' })
  socialLinks!: SocialLinksDto;

  @ApiProperty()
  isVerified!: boolean;

  @ApiProperty({ type: 'integer' })
  followerCount!: number;

  @ApiProperty({ format: 'date-time' })
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
  @ApiProperty({ type: 'string', nullable: true })
  email!: string | null;
}

export class CreatorStatsDto {
  @ApiProperty({ type: 'integer' })
  totalFilms!: number;

  @ApiProperty({ type: 'integer' })
  followers!: number;

  @ApiProperty({ type: 'integer' })
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
