import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** An ad of a campaign: what the player shows (the spec's Ad). */
@Entity({ tableName: 'creatives' })
export class Creative {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  @Property({ type: 'bigint' })
  campaignId!: string;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  description!: string;

  /** One of the creative videos: an HLS master playlist under /media/ads/. */
  @Property({ type: 'text' })
  videoUrl!: string;

  @Property({ type: 'double' })
  durationSeconds!: number;

  @Property({ type: 'text' })
  clickUrl!: string;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
