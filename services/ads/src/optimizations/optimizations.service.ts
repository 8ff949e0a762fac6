import { Injectable } from '@nestjs/common';
import { OPTIMIZATIONS_DEFAULT_LIMIT, type OptimizationDto } from './dto/optimization.dto';
import { OptimizationsRepository } from './optimizations.repository';

@Injectable()
export class OptimizationsService {
  constructor(private readonly optimizations: OptimizationsRepository) {}

  /** The log, newest first. */
  async recent(limit = OPTIMIZATIONS_DEFAULT_LIMIT): Promise<OptimizationDto[]> {
    const rows = await this.optimizations.recent(limit);
    return rows.map((row) => ({
      id: Number(row.id),
      campaignId: Number(row.campaign_id),
      campaignName: row.campaign_name,
      kind: row.kind,
      count: row.count,
      detail: row.detail,
      at: new Date(row.at).toISOString(),
    }));
  }
}
