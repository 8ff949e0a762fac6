import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { AdEventName, PlacementTypeName } from './delivery-rules';

/** One recorded ad event, at most once per (session, creative, break position, kind); `start` carries the charge. */
@Entity({ tableName: 'ad_events' })
@Unique({ properties: ['sessionId', 'creativeId', 'kind'] })
export class AdEvent {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  @Property({ type: 'uuid' })
  selectionId!: string;

  @Property({ type: 'uuid' })
  sessionId!: string;

  @Property({ type: 'bigint' })
  creativeId!: string;

  @Property({ type: 'bigint' })
  campaignId!: string;

  @Property({ type: 'bigint' })
  filmId!: string;

  @Property({ type: 'text' })
  kind!: AdEventName;

  @Property({ type: 'text' })
  placementType!: PlacementTypeName;

  @Property({ type: 'double' })
  position!: number;

  @Property({ type: 'bigint' })
  chargeMicros!: string;

  @Property({ type: 'text', nullable: true })
  userId!: string | null;

  @Property({ type: 'text' })
  viewerKey!: string;

  @Property({ type: 'text' })
  deviceType!: string;

  @Property({ type: 'text' })
  country!: string;

  @Property({ type: 'double' })
  viewDuration!: number;

  @Property({ type: 'timestamptz' })
  occurredAt!: Date;
}
