import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@kinora/common';
import { EARNINGS_MICROS_SQL, shareText, usd } from '../ads/money';
import type { Config } from '../config';
import { lastMonths } from '../dashboards/periods';
import type { CreatorRevenueDto, CreatorRevenueFiguresDto } from './dto/creator-revenue.dto';
import { revenueStatementCsv, type StatementRow } from './revenue-statement';

/** Months a creator's revenue page and statement cover, this one included. */
export const REVENUE_MONTHS = 12;

/** Sums in micro-dollars, as PostgreSQL returns bigints (text). */
interface MicrosRow {
  revenue_micros: string;
  earnings_micros: string;
  impressions: string;
}

interface Micros {
  revenue: bigint;
  earnings: bigint;
  impressions: bigint;
}

const ZERO: Micros = { revenue: 0n, earnings: 0n, impressions: 0n };
const microsOf = (row: MicrosRow): Micros => ({
  revenue: BigInt(row.revenue_micros),
  earnings: BigInt(row.earnings_micros),
  impressions: BigInt(row.impressions),
});
const add = (a: Micros, b: Micros): Micros => ({
  revenue: a.revenue + b.revenue,
  earnings: a.earnings + b.earnings,
  impressions: a.impressions + b.impressions,
});
const figuresOf = (m: Micros): CreatorRevenueFiguresDto => ({
  revenue: usd(m.revenue),
  earnings: usd(m.earnings),
  impressions: Number(m.impressions),
});

/**
 * A creator's ad revenue and earnings (docs/analytics-and-money.md#advertising): read from the
 * ad/day rollup joined to the films read model (film → creator), summed in micro-dollars and
 * turned into dollars last. Earnings are rounded down per impression with the configured share.
 */
@Injectable()
export class CreatorRevenueService {
  private readonly share: number;

  constructor(
    private readonly em: EntityManager,
    @Inject(CONFIG) config: Config,
  ) {
    this.share = config.CREATOR_REVENUE_SHARE;
  }

  async figures(creatorId: number, now = new Date()): Promise<CreatorRevenueDto> {
    const em = this.em.fork();
    const months = lastMonths(REVENUE_MONTHS, now).reverse();
    const [films, monthRows] = await Promise.all([
      em.execute<(MicrosRow & { film_id: number; title: string })[]>(
        `select f.id as film_id, f.title,
                coalesce(sum(d.revenue_micros), 0)::bigint as revenue_micros,
                coalesce(sum(${EARNINGS_MICROS_SQL('d')}), 0)::bigint as earnings_micros,
                coalesce(sum(d.impressions), 0)::bigint as impressions
           from films f left join ad_daily d on d.film_id = f.id
          where f.creator_id = ?
          group by f.id
         having not f.deleted or coalesce(sum(d.impressions), 0) > 0
          order by earnings_micros desc, impressions desc, f.id desc`,
        [shareText(this.share), creatorId],
      ),
      this.monthsByFilm(em, creatorId, months),
    ]);
    const byMonth = new Map<string, Micros>();
    for (const row of monthRows) byMonth.set(row.month, add(byMonth.get(row.month) ?? ZERO, microsOf(row)));
    const totals = films.reduce((sum, film) => add(sum, microsOf(film)), ZERO);
    return {
      creatorId,
      share: this.share,
      totals: figuresOf(totals),
      months: months.map((month) => ({ month, ...figuresOf(byMonth.get(month) ?? ZERO) })),
      films: films.map((film) => ({ filmId: film.film_id, title: film.title, ...figuresOf(microsOf(film)) })),
    };
  }

  /** The statement of the last 12 months as CSV: one row per month and film, then the total. */
  async statement(creatorId: number, now = new Date()): Promise<{ filename: string; csv: string }> {
    const months = lastMonths(REVENUE_MONTHS, now).reverse();
    const rows = await this.monthsByFilm(this.em.fork(), creatorId, months);
    const statement: StatementRow[] = rows.map((row) => ({
      month: row.month,
      filmId: row.film_id,
      title: row.title,
      ...microsOf(row),
    }));
    return {
      filename: `kinora-creator-${creatorId}-ad-revenue-${months[months.length - 1]}-to-${months[0]}.csv`,
      csv: revenueStatementCsv(statement, shareText(this.share)),
    };
  }

  /** Per month and film of `months` (newest first), the films with impressions; newest month first. */
  private monthsByFilm(em: EntityManager, creatorId: number, months: string[]) {
    return em.execute<(MicrosRow & { month: string; film_id: number; title: string })[]>(
      `select to_char(d.day, 'YYYY-MM') as month, d.film_id, f.title,
              sum(d.revenue_micros)::bigint as revenue_micros,
              sum(${EARNINGS_MICROS_SQL('d')})::bigint as earnings_micros,
              sum(d.impressions)::bigint as impressions
         from ad_daily d join films f on f.id = d.film_id
        where f.creator_id = ? and d.day >= ?::date
        group by 1, 2, 3
       having sum(d.impressions) > 0
        order by month desc, d.film_id`,
      [shareText(this.share), creatorId, `${months[months.length - 1]}-01`],
    );
  }
}
