import { InjectQueryDb } from '@kinora/common';
import type { CampaignDelivery, CampaignStatus } from '@kinora/contracts';
import { Injectable } from '@nestjs/common';
import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { Campaigns, DB } from '../database.gen';
import { now, type Db } from '../db';
import type { Targeting } from './campaign-rules';

/** The terms a campaign `c` is delivered on: its budget, bid, flight, pacing, caps and targeting. */
export function deliveryTermColumns(eb: ExpressionBuilder<DB & { c: DB['campaigns'] }, 'c'>) {
  return [
    'c.budget_micros',
    'c.cpm_micros',
    'c.starts_at',
    'c.ends_at',
    eb.ref('c.delivery').$castTo<CampaignDelivery>().as('delivery'),
    'c.cap_per_viewer_day',
    'c.cap_per_session',
    eb.ref('c.targeting').$castTo<Partial<Targeting> | null>().as('targeting'),
  ] as const;
}

/** A campaign with its advertiser's name and what the ledger holds for it. */
function campaignSelect(db: Db) {
  return db
    .selectFrom('campaigns as c')
    .innerJoin('advertisers as a', 'a.id', 'c.advertiser_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('ad_events as e')
          .whereRef('e.campaign_id', '=', 'c.id')
          .select((eb) => [
            eb.fn.sum<string>('e.charge_micros').filterWhere('e.kind', '=', 'start').as('spent_micros'),
            eb.fn.countAll<string>().filterWhere('e.kind', '=', 'start').as('impressions'),
            eb.fn.countAll<string>().filterWhere('e.kind', '=', 'click').as('clicks'),
          ])
          .as('s'),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      'c.id',
      'c.advertiser_id',
      'a.name as advertiser_name',
      'c.name',
      ...deliveryTermColumns(eb),
      eb.ref('c.status').$castTo<CampaignStatus>().as('status'),
      'c.created_at',
      'c.updated_at',
      eb.fn.coalesce('s.spent_micros', sql<string>`0`).as('spent_micros'),
      eb.fn.coalesce('s.impressions', sql<string>`0`).as('impressions'),
      eb.fn.coalesce('s.clicks', sql<string>`0`).as('clicks'),
    ]);
}

/** A statement over `campaigns as c` joined to `advertisers as a`. */
type CampaignScope = ExpressionBuilder<DB & { c: DB['campaigns']; a: DB['advertisers'] }, 'c' | 'a'>;

/** The campaign's spend so far, as text: the charges of its ad starts (0 before the first). */
export function spentMicros(eb: ExpressionBuilder<DB & { c: DB['campaigns'] }, 'c'>) {
  return eb.fn
    .coalesce(
      eb
        .selectFrom('ad_events as e')
        .whereRef('e.campaign_id', '=', 'c.id')
        .where('e.kind', '=', 'start')
        .select((eb) => eb.fn.sum<string>('e.charge_micros').as('sum')),
      sql<string>`0`,
    )
    .as('spent_micros');
}

/** What CampaignChanged tells of a campaign (with its advertiser's name). */
function changedColumns(eb: CampaignScope) {
  return [
    'c.id',
    'c.name',
    'a.name as advertiser_name',
    eb.ref('c.status').$castTo<CampaignStatus>().as('status'),
    'c.budget_micros',
    'c.cpm_micros',
    'c.starts_at',
    'c.ends_at',
    'c.updated_at',
  ] as const;
}

export type CampaignRecord = Awaited<
  ReturnType<ReturnType<typeof campaignSelect>['executeTakeFirstOrThrow']>
>;

/** The fields of a campaign an admin writes. */
export type CampaignWrite = Pick<
  Insertable<Campaigns>,
  | 'advertiser_id'
  | 'name'
  | 'budget_micros'
  | 'cpm_micros'
  | 'starts_at'
  | 'ends_at'
  | 'delivery'
  | 'cap_per_viewer_day'
  | 'cap_per_session'
  | 'status'
> & { targeting: Targeting };

/** The campaigns table: what admins write, and the marks the upkeep leaves (flight ended, budget spent). */
@Injectable()
export class CampaignsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** Newest first. */
  list(): Promise<CampaignRecord[]> {
    return campaignSelect(this.db).orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').execute();
  }

  find(id: number): Promise<CampaignRecord | undefined> {
    return campaignSelect(this.db).where('c.id', '=', String(id)).executeTakeFirst();
  }

  /** The campaign's fields as written, its row locked until the transaction ends. */
  lockForUpdate(id: number) {
    return this.db
      .selectFrom('campaigns')
      .select((eb) => [
        'advertiser_id',
        'name',
        'budget_micros',
        'cpm_micros',
        'starts_at',
        'ends_at',
        'delivery',
        'cap_per_viewer_day',
        'cap_per_session',
        eb.ref('targeting').$castTo<Partial<Targeting> | null>().as('targeting'),
        'status',
      ])
      .where('id', '=', String(id))
      .forUpdate()
      .executeTakeFirst();
  }

  /** How many creatives the campaign has, its row locked until the transaction ends; undefined when there is no such campaign. */
  async lockCountingCreatives(id: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('campaigns as c')
      .select((eb) =>
        eb
          .selectFrom('creatives as r')
          .whereRef('r.campaign_id', '=', 'c.id')
          .select(eb.fn.countAll<string>().as('count'))
          .as('creatives'),
      )
      .where('c.id', '=', String(id))
      .forUpdate()
      .executeTakeFirst();
    return row && Number(row.creatives);
  }

  async insert(campaign: CampaignWrite): Promise<number> {
    const { id } = await this.db
      .insertInto('campaigns')
      .values({ ...campaign, targeting: JSON.stringify(campaign.targeting) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  }

  /**
   * Writes every field. A budget or bid change clears budget_exhausted_at (the upkeep logs it
   * anew); an end moved into the future clears flight_ended_at (it is announced again when it passes).
   */
  async update(id: number, campaign: CampaignWrite, options: { moneyChanged: boolean }): Promise<void> {
    await this.db
      .updateTable('campaigns')
      .set({
        ...campaign,
        targeting: JSON.stringify(campaign.targeting),
        updated_at: now(),
        ...(options.moneyChanged ? { budget_exhausted_at: null } : {}),
      })
      .where('id', '=', String(id))
      .execute();
    await this.db
      .updateTable('campaigns')
      .set({ flight_ended_at: null })
      .where('id', '=', String(id))
      .where('ends_at', '>', now())
      .where('flight_ended_at', 'is not', null)
      .execute();
  }

  /** What CampaignChanged tells of the deleted campaign; undefined when there is no such campaign. */
  delete(id: number) {
    return this.db
      .deleteFrom('campaigns as c')
      .using('advertisers as a')
      .where('c.id', '=', String(id))
      .whereRef('a.id', '=', 'c.advertiser_id')
      .returning(changedColumns)
      .executeTakeFirst();
  }

  /** Marks the flights that have ended and not been marked yet, returning them with their ledger figures. */
  endFlights() {
    return this.db
      .updateTable('campaigns as c')
      .from('advertisers as a')
      .set({ flight_ended_at: now() })
      .whereRef('a.id', '=', 'c.advertiser_id')
      .where('c.ends_at', '<=', now())
      .where('c.flight_ended_at', 'is', null)
      .returning((eb) => [
        ...changedColumns(eb),
        eb
          .selectFrom('ad_events as e')
          .whereRef('e.campaign_id', '=', 'c.id')
          .where('e.kind', '=', 'start')
          .select(eb.fn.countAll<string>().as('count'))
          .as('impressions'),
        spentMicros(eb),
      ])
      .execute();
  }

  /** Active campaigns within their flight whose budget is not yet marked as spent. */
  withBudgetLeft() {
    return this.db
      .selectFrom('campaigns')
      .select(['id', 'budget_micros', 'cpm_micros'])
      .where('status', '=', 'active')
      .where('ends_at', '>', now())
      .where('budget_exhausted_at', 'is', null)
      .execute();
  }

  /** Marks these campaigns' budgets as spent, returning those not marked before. */
  markBudgetsExhausted(ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .updateTable('campaigns')
      .set({ budget_exhausted_at: now() })
      .where('id', 'in', ids)
      .where('budget_exhausted_at', 'is', null)
      .returning(['id', 'budget_micros'])
      .execute();
  }
}
