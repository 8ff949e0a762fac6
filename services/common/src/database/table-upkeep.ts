import { MikroORM } from '@mikro-orm/postgresql';
import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { CONFIG, type BaseConfig } from '../config/config';
import { createQueryDb } from './query-db';
import { TableUpkeepRepository } from './table-upkeep.repository';

/**
 * Vacuums and analyzes the service's tables when its PostgreSQL server does not: a server run with
 * autovacuum off (a shared development or CI server) otherwise never marks dead rows reusable nor
 * learns a table's size, and every hot table (the outbox above all: each event is inserted, then
 * updated as published) slows down run after run, its plans made for tables of one row.
 *
 * Every TABLE_UPKEEP_MS it asks the server; with autovacuum on it stops for good, else it runs
 * VACUUM (ANALYZE) or ANALYZE on each table past autovacuum's default thresholds. Replicas may
 * all do it: a table one of them is vacuuming is skipped by the others.
 */
@Injectable()
export class TableUpkeep implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(TableUpkeep.name);
  private readonly tables: TableUpkeepRepository;
  private timer?: NodeJS.Timeout;
  private pass?: Promise<void>;

  constructor(
    orm: MikroORM,
    @Inject(CONFIG) private readonly config: BaseConfig,
  ) {
    this.tables = new TableUpkeepRepository(createQueryDb<unknown>(orm.em));
  }

  onApplicationBootstrap(): void {
    this.schedule();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.pass;
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.pass = this.run().then((again) => {
        if (again && this.timer) this.schedule();
      });
    }, this.config.TABLE_UPKEEP_MS);
    this.timer.unref();
  }

  /** One pass; answers whether another is needed (false once the server's autovacuum is on). */
  async run(): Promise<boolean> {
    try {
      if (await this.tables.autovacuumOn()) return false;
      for (const table of await this.tables.due()) await this.tables.upkeep(table);
    } catch (error) {
      this.logger.warn({ err: error }, 'table upkeep failed; will retry');
    }
    return true;
  }
}
