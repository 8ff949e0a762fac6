import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger, ApiNullableString, ApiNullableTimestamp, ApiTimestamp } from '@kinora/common';
import { LIST_TYPES, type ListType } from '@kinora/contracts';

export class ExportedReviewDto {
  @ApiInteger()
  id!: number;

  @ApiInteger()
  filmId!: number;

  @ApiNullableString({ description: "The film's title, when social knows it." })
  filmTitle!: string | null;

  @ApiInteger({ minimum: 1, maximum: 10 })
  rating!: number;

  @ApiProperty()
  review!: string;

  @ApiTimestamp()
  createdAt!: string;

  @ApiNullableTimestamp()
  editedAt!: string | null;
}

export class ExportedListEntryDto {
  @ApiProperty({ enum: LIST_TYPES, enumName: 'ListType' })
  listType!: ListType;

  @ApiInteger()
  filmId!: number;

  @ApiNullableString()
  filmTitle!: string | null;

  @ApiTimestamp()
  createdAt!: string;

  @ApiInteger({ nullable: true, description: 'Where the member stopped (continue_watching).' })
  progressSeconds!: number | null;
}

export class ExportedLikeDto {
  @ApiInteger()
  filmId!: number;

  @ApiNullableString()
  filmTitle!: string | null;

  @ApiTimestamp()
  createdAt!: string;
}

export class ExportedFollowDto {
  @ApiInteger()
  id!: number;

  @ApiTimestamp()
  createdAt!: string;
}

export class ExportedFollowsDto {
  @ApiProperty({ type: [ExportedFollowDto], description: 'Creators followed (creator ids).' })
  creators!: ExportedFollowDto[];

  @ApiProperty({ type: [ExportedFollowDto], description: 'Critics followed (critic ids).' })
  critics!: ExportedFollowDto[];
}

export class ExportedNotificationDto {
  @ApiProperty({ enum: ['film_published', 'critic_review'] })
  kind!: string;

  @ApiInteger()
  filmId!: number;

  @ApiInteger({ nullable: true })
  creatorId!: number | null;

  @ApiInteger({ nullable: true })
  criticId!: number | null;

  @ApiNullableString()
  title!: string | null;

  @ApiTimestamp()
  createdAt!: string;

  @ApiNullableTimestamp()
  readAt!: string | null;
}

/** Social's part of a member's data archive (GET /api/user/export/social). */
export class SocialExportDto {
  @ApiProperty({ type: [ExportedReviewDto] })
  reviews!: ExportedReviewDto[];

  @ApiProperty({ type: [ExportedListEntryDto] })
  lists!: ExportedListEntryDto[];

  @ApiProperty({ type: ExportedFollowsDto })
  follows!: ExportedFollowsDto;

  @ApiProperty({ type: [ExportedLikeDto] })
  likes!: ExportedLikeDto[];

  @ApiProperty({ type: [ExportedNotificationDto] })
  notifications!: ExportedNotificationDto[];
}
