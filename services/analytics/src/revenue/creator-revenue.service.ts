import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@kinora/common';
import { shareText, usd } from '../ads/money';
import type { Config } from '../config';
import { lastMonths } from '../dashboards/periods';
import { CreatorRevenueRepository } from './creator-revenue.repository';
import type { CreatorRevenueDto, CreatorRevenueFiguresDto } from './dto/creator-revenue.dto';
import { revenueStatementCsv, type StatementRow } from './revenue-statement';

/** Months a creator's revenue page and statement cover, this one included. */
export const REVENUE_MONTHS = 12;

/** Sums in micro-dollars, as PostgreSQL returns bigints (text). */
type MicrosRow = Pick<
  Awaited<ReturnType<CreatorRevenueRepository['byFilm']>>[number],
  'revenue_micros' | 'earnings_micros' | 'impressions'
>;

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
    private readonly revenue: CreatorRevenueRepository,
    @Inject(CONFIG) config: Config,
  ) {
    this.share = config.CREATOR_REVENUE_SHARE;
  }

  async figures(creatorId: number, now = new Date()): Promise<CreatorRevenueDto> {
    const months = lastMonths(REVENUE_MONTHS, now).reverse();
    const [films, monthRows] = await Promise.all([
      this.revenue.byFilm(creatorId, shareText(this.share)),
      this.monthsByFilm(creatorId, months),
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
    const rows = await this.monthsByFilm(creatorId, months);
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
  private monthsByFilm(creatorId: number, months: string[]) {
    return this.revenue.byMonthAndFilm(creatorId, shareText(this.share), `${months[months.length - 1]}-01`);
  }
}
