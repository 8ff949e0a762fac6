import { ApiProperty } from '@nestjs/swagger';
import { ApiInteger, ApiNullableString, ApiNullableTimestamp, ApiTimestamp, PageQuery } from '@kinora/common';
import { NOTIFICATION_KINDS, type NotificationKind } from '@kinora/contracts';

/** limit (default 20) and offset. */
export class NotificationsQuery extends PageQuery {}

/** One of the member's notifications, with the film and creator as social knows them. */
export class NotificationDto {
  @ApiInteger()
  id!: number;

  @ApiProperty({ enum: [...NOTIFICATION_KINDS], enumName: 'NotificationKind' })
  kind!: NotificationKind;

  @ApiInteger()
  filmId!: number;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description: "The film's title (current, else when notified).",
  })
  filmTitle!: string | null;

  @ApiNullableString()
  posterUrl!: string | null;

  @ApiInteger({ nullable: true })
  creatorId!: number | null;

  @ApiNullableString({ description: "The creator's name, where known." })
  creatorName!: string | null;

  @ApiInteger({ nullable: true })
  criticId!: number | null;

  @ApiNullableString({ description: "The critic's name, where known." })
  criticName!: string | null;

  @ApiNullableString({
    description: 'The film title (film_published) or the review title (critic_review) when notified.',
  })
  title!: string | null;

  @ApiTimestamp()
  createdAt!: string;

  @ApiNullableTimestamp()
  readAt!: string | null;
}

export class UnreadCountDto {
  @ApiInteger({ minimum: 0 })
  count!: number;
}
