import type { Config } from '../config';
import type { CostBreakdownDto, CostPricesDto } from './dto/platform-analytics.dto';

const GB = 1e9;

/** What a month cost to run, from what was streamed, transcoded and stored (docs/analytics-and-money.md). */
export interface MonthUsage {
  /** Bytes sent: watch seconds × the bit rate of the rendition played. */
  egressBytes: number;
  /** Minutes of film transcoded. */
  transcodedMinutes: number;
  /** Bytes stored, averaged over the month (GB-months once divided by 1e9). */
  storedBytes: number;
}

export class CostModel {
  readonly prices: CostPricesDto;

  constructor(config: Config) {
    this.prices = {
      egressPerGb: config.COST_EGRESS_PER_GB,
      transcodePerMinute: config.COST_TRANSCODE_PER_MINUTE,
      storagePerGbMonth: config.COST_STORAGE_PER_GB_MONTH,
    };
  }

  cost(usage: MonthUsage): CostBreakdownDto {
    return {
      egress: (usage.egressBytes / GB) * this.prices.egressPerGb,
      transcoding: usage.transcodedMinutes * this.prices.transcodePerMinute,
      storage: (usage.storedBytes / GB) * this.prices.storagePerGbMonth,
    };
  }
}

export const totalOf = (breakdown: CostBreakdownDto): number =>
  breakdown.egress + breakdown.transcoding + breakdown.storage;

/** Rounds dollars to a hundredth of a cent. */
export const dollars = (value: number): number => Math.round(value * 10_000) / 10_000;
