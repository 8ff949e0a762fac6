import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import type { CampaignDelivery, CampaignStatus } from '@kinora/contracts';
import type { Targeting } from './campaign-rules';

/** A campaign: budget and bid in micro-dollars, its flight, delivery, frequency caps and targeting. */
@Entity({ tableName: 'campaigns' })
export class Campaign {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  @Property({ type: 'bigint' })
  advertiserId!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'bigint' })
  budgetMicros!: string;

  @Property({ type: 'bigint' })
  cpmMicros!: string;

  @Property({ type: 'timestamptz' })
  startsAt!: Date;

  @Property({ type: 'timestamptz' })
  endsAt!: Date;

  @Property({ type: 'text' })
  delivery!: CampaignDelivery;

  @Property({ type: 'integer' })
  capPerViewerDay!: number;

  @Property({ type: 'integer' })
  capPerSession!: number;

  @Property({ type: 'json' })
  targeting!: Targeting;

  @Property({ type: 'text' })
  status!: CampaignStatus;

  /** When the upkeep announced the end of the flight (null while it runs, or once it is extended). */
  @Property({ type: 'timestamptz', nullable: true })
  flightEndedAt!: Date | null;

  /** When the upkeep logged the budget as spent (null again once the budget or bid changes). */
  @Property({ type: 'timestamptz', nullable: true })
  budgetExhaustedAt!: Date | null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
