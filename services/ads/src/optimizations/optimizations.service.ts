import { Injectable } from '@nestjs/common';
import { OPTIMIZATIONS_DEFAULT_LIMIT, type OptimizationDto } from './dto/optimization.dto';
import { OptimizationsRepository } from './optimizations.repository';

@Injectable()
export class OptimizationsService {
  constructor(private readonly optimizations: OptimizationsRepository) {}

  /** The log grouped by campaign and cause, the latest first. */
  async recent(limit = OPTIMIZATIONS_DEFAULT_LIMIT): Promise<OptimizationDto[]> {
    const rows = await this.optimizations.recent(limit);
    return rows.map((row) => ({
      campaignId: Number(row.campaign_id),
      campaignName: row.campaign_name,
      kind: row.kind,
      entries: row.entries,
      count: row.count,
      detail: row.detail,
      firstAt: new Date(row.first_at).toISOString(),
      at: new Date(row.at).toISOString(),
    }));
  }
}
