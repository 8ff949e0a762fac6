import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { OptimizationKind } from './optimization-kinds';
import { OPTIMIZATIONS_DEFAULT_LIMIT, type OptimizationDto } from './dto/optimization.dto';

interface OptimizationRow {
  id: string;
  campaign_id: string;
  campaign_name: string;
  kind: OptimizationKind;
  count: number;
  detail: string;
  at: Date;
}

@Injectable()
export class OptimizationsService {
  constructor(private readonly em: EntityManager) {}

  /** The log, newest first. */
  async recent(limit = OPTIMIZATIONS_DEFAULT_LIMIT): Promise<OptimizationDto[]> {
    const rows = await this.em.fork().execute<OptimizationRow[]>(
      `select o.id, o.campaign_id, c.name as campaign_name, o.kind, o.count, o.detail, o.at
         from ad_optimizations o join campaigns c on c.id = o.campaign_id
        order by o.at desc, o.id desc limit ?`,
      [limit],
    );
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
