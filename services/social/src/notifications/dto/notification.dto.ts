import { ApiProperty } from '@nestjs/swagger';
import { PageQuery } from '@kinora/common';
import { NOTIFICATION_KINDS, type NotificationKind } from '@kinora/contracts';

/** limit (default 20) and offset. */
export class NotificationsQuery extends PageQuery {}

/** One of the member's notifications, with the film and creator as social knows them. */
export class NotificationDto {
  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty({ enum: [...NOTIFICATION_KINDS], enumName: 'NotificationKind' })
  kind!: NotificationKind;

  @ApiProperty({ type: 'integer' })
  filmId!: number;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description: "The film's title (current, else when notified).",
  })
  filmTitle!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  posterUrl!: string | null;

  @ApiProperty({ type: 'integer', nullable: true })
  creatorId!: number | null;

  @ApiProperty({ type: 'string', nullable: true, description: "The creator's name, where known." })
  creatorName!: string | null;

  @ApiProperty({ type: 'integer', nullable: true })
  criticId!: number | null;

  @ApiProperty({ type: 'string', nullable: true, description: "The critic's name, where known." })
  criticName!: string | null;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'The film title (film_published) or the review title (critic_review) when notified.',
  })
  title!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  readAt!: string | null;
}

export class UnreadCountDto {
  @ApiProperty({ type: 'integer', minimum: 0 })
  count!: number;
}
