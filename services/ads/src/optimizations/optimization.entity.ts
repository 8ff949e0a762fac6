import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import type { OptimizationKind } from './optimization-kinds';

/** One line of the optimizations log: what pacing and caps did to a campaign in a minute. */
@Entity({ tableName: 'ad_optimizations' })
export class AdOptimization {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  @Property({ type: 'bigint' })
  campaignId!: string;

  @Property({ type: 'text' })
  kind!: OptimizationKind;

  @Property({ type: 'integer' })
  count!: number;

  @Property({ type: 'text' })
  detail!: string;

  @Property({ type: 'timestamptz' })
  at!: Date;
}
