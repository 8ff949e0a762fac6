import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** Who pays for campaigns: a name (unique, case-insensitively) and an optional website. */
@Entity({ tableName: 'advertisers' })
export class Advertiser {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  websiteUrl!: string | null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
